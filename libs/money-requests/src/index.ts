export * from './cursor';
export * from './http-answer';
export * from './idempotent-requests';
export * from './money-request.settings';
export * from './request-fingerprint';
export * from './transaction-commands';
export * from './webhook-url.check';
