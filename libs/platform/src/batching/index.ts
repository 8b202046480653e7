export * from './micro-batcher';
export * from './keyed-planner';
export * from './whole-or-each-alone';
