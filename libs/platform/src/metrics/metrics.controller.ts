import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { metricsRegistry } from './metrics';

@Controller('metrics')
export class MetricsController {
  @Get()
  async metrics(@Res() reply: FastifyReply) {
    const body = await metricsRegistry.metrics();
    return reply.header('Content-Type', metricsRegistry.contentType).send(body);
  }
}
