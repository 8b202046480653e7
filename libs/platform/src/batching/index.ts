export * from './micro-batcher';
export * from './batch-input';
