export * from './bootstrap';
export * from './route-table';
export * from './client-errors';
