export * from './money';
export * from './network';
export * from './msisdn';
export * from './transaction';
export * from './fees';
export * from './ledger';
export * from './api-key';
export * from './reconciliation';
