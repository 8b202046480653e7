export * from './bootstrap';
export * from './json-only.hook';
export * from './validation.pipe';
export * from './http-metrics';
export * from './route-table';
export * from './client-errors';
