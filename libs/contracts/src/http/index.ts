export * from './transaction.view';
export * from './envelope';
export * from './error-codes';
