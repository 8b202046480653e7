export * from './test-database';
export * from './ports';
export * from './wait';
export * from './factories/merchant.factory';
export * from './factories/transaction.factory';
