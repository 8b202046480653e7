export * from './entities';
export * from './migrations';
export * from './repositories';
export * from './database';
export * from './ownership';
