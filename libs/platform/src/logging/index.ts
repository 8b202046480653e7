export * from './logging.module';
export * from './redaction';
export * from './personal-data';
export * from './lazy-logger-store';
export * from './request-logging';
