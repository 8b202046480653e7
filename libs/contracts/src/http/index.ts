export * from './transaction.view';
export * from './envelope';
export * from './error-codes';
export * from './views';
export * from './auth-invalidation';
export * from './settlement.views';
export * from './webhook-delivery.views';
