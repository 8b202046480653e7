export * from './public-destination';
export * from './destination-resolver';
export * from './public-connector';
export * from './timeout-signal';
