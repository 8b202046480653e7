export * from './health.module';
export * from './health.controller';
export * from './redis-health.indicator';
