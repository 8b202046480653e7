export * from './config';
export * from './logging';
export * from './errors';
export * from './health';
export * from './metrics';
export * from './queue';
export * from './http';
export * from './crypto';
