import { Controller, Get, Inject, Res } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorFunction } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/**
 * `/health/live`: the process answers (restart it if not).
 * `/health/ready`: its dependencies answer (send it traffic only if so).
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    @Inject(READINESS_CHECKS) private readonly checks: HealthIndicatorFunction[],
  ) {}

  @Get('live')
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res() reply: FastifyReply) {
    try {
      const result = await this.health.check(this.checks);
      return reply.status(200).send(result);
    } catch (error) {
      const body = (error as { response?: unknown }).response ?? { status: 'error' };
      return reply.status(503).send(body);
    }
  }
}
