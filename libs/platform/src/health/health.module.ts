import { DynamicModule, Module } from '@nestjs/common';
import { TerminusModule, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { HealthProbe, READINESS_CHECKS } from './health-probe';
import { RedisHealthIndicator } from './redis-health.indicator';

@Module({})
export class HealthModule {
  /** Readiness covers Postgres and Redis for services that use them; liveness is always there. */
  static forRoot(options: { database: boolean; redis: boolean }): DynamicModule {
    return {
      module: HealthModule,
      global: true,
      imports: [TerminusModule.forRoot({ logger: false })],
      providers: [
        HealthProbe,
        ...(options.redis ? [RedisHealthIndicator] : []),
        ...(options.database ? [TypeOrmHealthIndicator] : []),
        {
          provide: READINESS_CHECKS,
          inject: [
            { token: TypeOrmHealthIndicator, optional: true },
            { token: RedisHealthIndicator, optional: true },
          ],
          useFactory: (db?: TypeOrmHealthIndicator, redis?: RedisHealthIndicator) => [
            ...(options.database && db ? [() => db.pingCheck('postgres', { timeout: 2000 })] : []),
            ...(options.redis && redis ? [() => redis.check('redis')] : []),
          ],
        },
      ],
      exports: [HealthProbe],
    };
  }
}
