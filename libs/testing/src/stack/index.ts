export * from './services';
export * from './local-stack';
export * from './test-system';
export * from './child-environment';
export * from './test-stack-options';
