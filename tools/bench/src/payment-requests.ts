import { randomUUID } from 'node:crypto';
import { PacedTarget } from './paced-load';

/**
 * Customer `n`'s wallet number: real traffic comes from many customers, and one number for every
 * request would measure the simulator's per-customer daily-limit bookkeeping instead of our money path.
 */
export function customerMsisdn(customer: number): string {
  return `0788${String(100_000 + (customer % 800_000)).padStart(6, '0')}`;
}

/** A `POST /v1/payments` body from customer `n`. */
export function customerPayment(customer: number, reference = 'bench'): string {
  return JSON.stringify({ amount: 1500, msisdn: customerMsisdn(customer), description: 'bench', reference });
}

/** `POST /v1/payments` as real traffic sends it: each from its own customer, with its own Idempotency-Key, as the SDK sends. */
export function paymentsFromManyCustomers(gatewayUrl: string, appKey: string): PacedTarget {
  let customer = 0;
  return {
    url: `${gatewayUrl}/v1/payments`,
    method: 'POST',
    headers: { authorization: `Bearer ${appKey}`, 'content-type': 'application/json' },
    body: () => customerPayment(customer++),
    ownHeaders: () => ({ 'idempotency-key': randomUUID() }),
  };
}

/** Creates one payment (for a benchmark that reads it again and again) and gives its id. */
export async function oneStoredPayment(gatewayUrl: string, appKey: string): Promise<string> {
  const headers = { authorization: `Bearer ${appKey}`, 'content-type': 'application/json' };
  const created = await fetch(`${gatewayUrl}/v1/payments`, { method: 'POST', headers, body: customerPayment(0) });
  const { data } = (await created.json()) as { data: { id: string } };
  return data.id;
}
