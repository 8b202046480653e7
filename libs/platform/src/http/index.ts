export * from './bootstrap';
export * from './route-table';
