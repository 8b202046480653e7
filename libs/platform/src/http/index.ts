export * from './bootstrap';
export * from './http-metrics';
export * from './route-table';
export * from './client-errors';
