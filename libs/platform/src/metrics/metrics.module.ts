import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';

/** Prometheus text format at /metrics (process metrics plus whatever the service registers). */
@Module({ controllers: [MetricsController] })
export class MetricsModule {}
