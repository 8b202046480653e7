export * from './service-foundation';
