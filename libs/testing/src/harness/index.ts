export * from './service-harness';
export * from './queues-quiet';
