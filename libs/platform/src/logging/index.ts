export * from './logging.module';
export * from './redaction';
