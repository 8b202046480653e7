export * from './health.module';
export * from './health-probe';
export * from './redis-health.indicator';
