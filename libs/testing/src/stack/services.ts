import { join } from 'node:path';

/** The processes of the system, in the order they are started. */
export const SERVICES = [
  'operator-simulator',
  'payments-core',
  'operator-adapter',
  'webhook-dispatcher',
  'reconciler',
  'api-gateway',
  'merchant-dashboard',
  'ops-console',
] as const;
export type ServiceName = (typeof SERVICES)[number];

/** The web services for people (merchant staff, on-call): a test system starts them only when asked. */
export const WEB_SERVICES: readonly ServiceName[] = ['merchant-dashboard', 'ops-console'];

/** What moves a payment: every service but the web ones (test systems start these unless asked). */
export const PAYMENT_SERVICES: readonly ServiceName[] = SERVICES.filter((s) => !WEB_SERVICES.includes(s));

/**
 * Node.js flags every service process runs with, here and in the image (the Dockerfile's
 * ENTRYPOINT says the same; services.spec.ts keeps the two in step). Without V8's memory reducer:
 * it judges a service at moderate load idle enough to shrink its heap, and each such compacting
 * GC stopped the service for 45-80 ms on this machine, the services one after another, in
 * the middle of the load (docs/performance.md, step 37). A service's heap then stays at the size
 * its load grew it to until its next ordinary GC, rather than shrinking when it goes quiet.
 */
export const SERVICE_NODE_FLAGS = ['--enable-source-maps', '--no-memory-reducer'] as const;

/** Default ports for local development (tests pick free ones). */
export const DEFAULT_PORTS: Record<ServiceName, number> = {
  'api-gateway': 3000,
  'payments-core': 3001,
  'operator-adapter': 3002,
  reconciler: 3003,
  'webhook-dispatcher': 3004,
  'operator-simulator': 3005,
  'merchant-dashboard': 3006,
  'ops-console': 3007,
};

/** Default management ports (`/health/*`, `/metrics`); tests pick free ones. */
export const DEFAULT_MANAGEMENT_PORTS: Record<ServiceName, number> = {
  'api-gateway': 9100,
  'payments-core': 9101,
  'operator-adapter': 9102,
  reconciler: 9103,
  'webhook-dispatcher': 9104,
  'operator-simulator': 9105,
  'merchant-dashboard': 9106,
  'ops-console': 9107,
};

/** The repository root, whether this file runs from sources (jest) or from dist. */
export const WORKSPACE_ROOT = __dirname.includes(join('dist', 'libs'))
  ? join(__dirname, '..', '..', '..', '..', '..')
  : join(__dirname, '..', '..', '..', '..');

/** The compiled entry point of a service. */
export function serviceEntryPoint(service: ServiceName): string {
  return join(WORKSPACE_ROOT, 'dist', 'apps', service, 'src', 'main.js');
}
