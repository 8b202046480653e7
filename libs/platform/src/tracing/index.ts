export * from './trace-context';
export * from './tracing';
