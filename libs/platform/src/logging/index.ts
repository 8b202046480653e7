export * from './logging.module';
export * from './redaction';
export * from './personal-data';
export * from './lazy-logger-store';
