import { randomUUID } from 'node:crypto';
import { PacedTarget } from './paced-load';

/**
 * `POST /v1/payments` as real traffic sends it: each from its own customer (one number for every
 * request would measure the simulator's per-customer daily-limit bookkeeping instead of our money
 * path) and with its own Idempotency-Key, as the SDK sends.
 */
export function paymentsFromManyCustomers(gatewayUrl: string, appKey: string): PacedTarget {
  let customer = 0;
  return {
    url: `${gatewayUrl}/v1/payments`,
    method: 'POST',
    headers: { authorization: `Bearer ${appKey}`, 'content-type': 'application/json' },
    body: () => JSON.stringify({ amount: 1500, msisdn: `0788${String(100_000 + (customer++ % 800_000)).padStart(6, '0')}`, description: 'bench', reference: 'bench' }),
    ownHeaders: () => ({ 'idempotency-key': randomUUID() }),
  };
}
