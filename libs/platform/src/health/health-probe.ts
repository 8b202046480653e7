import { Inject, Injectable } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorFunction } from '@nestjs/terminus';

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

export interface ReadinessAnswer {
  ready: boolean;
  body: unknown;
}

/**
 * Liveness: the process answers (restart it if not). Readiness: its dependencies answer (send it
 * traffic only if so). Served on the management port, never the public one.
 */
@Injectable()
export class HealthProbe {
  constructor(
    private readonly health: HealthCheckService,
    @Inject(READINESS_CHECKS) private readonly checks: HealthIndicatorFunction[],
  ) {}

  async readiness(): Promise<ReadinessAnswer> {
    try {
      return { ready: true, body: await this.health.check(this.checks) };
    } catch (error) {
      return { ready: false, body: (error as { response?: unknown }).response ?? { status: 'error' } };
    }
  }
}
