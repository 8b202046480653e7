export * from './api-error';
export * from './error-envelope.filter';
export * from './dependency-outage';
