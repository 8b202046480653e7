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

/**
 * Creates `count` payments, each from its own customer (from customer 700,000 up, clear of the
 * POST runs' customers and their daily limits), 20 at a time, and gives their ids: reads that go
 * round them are merchants polling their recent payments.
 */
export async function storedPayments(gatewayUrl: string, appKey: string, count: number): Promise<string[]> {
  const headers = { authorization: `Bearer ${appKey}`, 'content-type': 'application/json' };
  const ids: string[] = [];
  for (let first = 0; first < count; first += 20) {
    const created = await Promise.all(
      Array.from({ length: Math.min(20, count - first) }, async (_, i) => {
        const response = await fetch(`${gatewayUrl}/v1/payments`, { method: 'POST', headers, body: customerPayment(700_000 + first + i, 'bench-read') });
        if (response.status !== 201) throw new Error(`creating a payment to read: ${response.status} ${await response.text()}`);
        return ((await response.json()) as { data: { id: string } }).data.id;
      }),
    );
    ids.push(...created);
  }
  return ids;
}

/** Creates one payment (for a benchmark that reads it again and again) and gives its id. */
export async function oneStoredPayment(gatewayUrl: string, appKey: string): Promise<string> {
  const [id] = await storedPayments(gatewayUrl, appKey, 1);
  return id;
}
