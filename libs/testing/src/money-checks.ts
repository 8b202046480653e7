import { DELIVERY_HEADER } from '@momo/contracts';
import { ReceivedWebhook } from './webhook-receiver';

/** What the simulated operator's own books say about one of our transactions. */
export interface OperatorSummary {
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED' | null;
  /** Transactions the operator recorded under our id (more than one: it was asked twice). */
  records: number;
  /** Money movements under our id (more than one: money moved twice). */
  movements: number;
}

/**
 * The simulator's books for many of our transaction ids (its control API), in pages. Fault runs
 * and benchmarks compare them with our own final statuses: the operator is the outside truth.
 */
export async function operatorSummaries(simulatorUrl: string, ids: string[]): Promise<Record<string, OperatorSummary>> {
  const books: Record<string, OperatorSummary> = {};
  for (let i = 0; i < ids.length; i += 5_000) {
    const res = await fetch(`${simulatorUrl}/control/summaries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: ids.slice(i, i + 5_000) }),
    });
    if (!res.ok) throw new Error(`simulator summaries: HTTP ${res.status}`);
    Object.assign(books, await res.json());
  }
  return books;
}

/**
 * The events a merchant's receiver got, as `<event type>:<transaction id>`, each with the distinct
 * delivery ids it came under. Retries of one delivery share its id; two ids for one event mean the
 * event was created twice. Bodies that are not events are left out.
 */
export function deliveriesByEvent(received: readonly ReceivedWebhook[]): Map<string, Set<string>> {
  const events = new Map<string, Set<string>>();
  for (const request of received) {
    try {
      const event = JSON.parse(request.rawBody.toString('utf8')) as { type: string; data: { id: string } };
      const key = `${event.type}:${event.data.id}`;
      const deliveries = events.get(key) ?? new Set<string>();
      deliveries.add(String(request.headers[DELIVERY_HEADER]));
      events.set(key, deliveries);
    } catch {
      // not an event
    }
  }
  return events;
}
