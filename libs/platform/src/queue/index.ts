export * from './redis-connection';
export * from './queues.module';
export * from './job-producer';
export * from './job-rpc';
export * from './job-handler-host';
export * from './queue-metrics';
export * from './deadline';
export * from './job-batch';
