import { collectDefaultMetrics, Registry } from 'prom-client';
import { PROM_CLIENT_SAMPLER_OFF_MS, registerEventLoopDelay } from './event-loop-delay';

/** One registry per process; every service's metrics are registered here and served at /metrics on the management port. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: PROM_CLIENT_SAMPLER_OFF_MS });
registerEventLoopDelay(metricsRegistry);
