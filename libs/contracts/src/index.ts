export * from './queues';
export * from './http';
export * from './webhooks';
export * from './test-mode';
export * from './dashboard';
