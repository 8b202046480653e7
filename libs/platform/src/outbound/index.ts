export * from './public-destination';
