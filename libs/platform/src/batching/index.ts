export * from './micro-batcher';
export * from './keyed-planner';
