export * from './public-destination';
export * from './destination-resolver';
export * from './public-connector';
