export * from './compiled-checks';
