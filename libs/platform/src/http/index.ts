export * from './bootstrap';
export * from './http-metrics';
