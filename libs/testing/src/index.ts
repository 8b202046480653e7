export * from './test-database';
export * from './ports';
export * from './wait';
export * from './factories/merchant.factory';
export * from './factories/transaction.factory';
export * from './webhook-receiver';
export * from './redis';
export * from './stack';
