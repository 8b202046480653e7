export * from './services';
export * from './local-stack';
export * from './test-system';
