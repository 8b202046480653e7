import { collectDefaultMetrics, Registry } from 'prom-client';

/** One registry per process; every service's metrics are registered here and served at /metrics on the management port. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });
