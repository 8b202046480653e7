export * from './management-server';
