import { InvariantName, InvariantsRepository } from '@momo/data';
import { deliveriesByEvent, operatorSummaries } from '@momo/testing';
import { CashInHarness } from './cash-in-load';
import { HISTORY_DESCRIPTION } from './seed-history';

/** The money invariants that fail when something happened twice (docs/durability.md). */
const TWICE_INVARIANTS: InvariantName[] = ['journals_balance', 'postings_match_status', 'posting_amounts_match', 'final_transactions_announced', 'cached_balances_match_entries'];

export interface MovedOnceReport {
  passed: boolean;
  lines: string[];
}

/**
 * After a run (replicas especially): every transaction moved money at most once at the operator
 * (exactly once if it succeeded, with one operator record), every succeeded one was announced by
 * exactly one distinct `payment.succeeded` event, and the ledger has exactly the postings each
 * status calls for. The same books the chaos run compares (tools/chaos/src/verify.ts).
 */
export async function checkNothingMovedTwice(h: CashInHarness): Promise<MovedOnceReport> {
  // The run's own cash-ins: seeded history never reached the operator or this receiver.
  const transactions: { id: string; status: string }[] = await h.bench.dataSource.query(
    `SELECT id::text, status FROM transactions WHERE description IS DISTINCT FROM $1`,
    [HISTORY_DESCRIPTION],
  );
  const books = await operatorSummaries(h.bench.stack.url('operator-simulator'), transactions.map((t) => t.id));
  const events = deliveriesByEvent(h.receiver.received);
  const problems = { pending: [] as string[], operatorMovedTwice: [] as string[], operatorDisagrees: [] as string[], missingWebhook: [] as string[], eventCreatedTwice: [] as string[] };
  let movements = 0;
  for (const t of transactions) {
    const book = books[t.id] ?? { status: null, records: 0, movements: 0 };
    movements += book.movements;
    if (t.status === 'pending') problems.pending.push(t.id);
    if (book.movements > 1 || book.records > 1) problems.operatorMovedTwice.push(`${t.id}: ${book.records} operator records, ${book.movements} movements`);
    if (t.status === 'succeeded' && (book.status !== 'SUCCESSFUL' || book.movements !== 1)) problems.operatorDisagrees.push(`${t.id}: ours succeeded, operator ${book.status} with ${book.movements} movements`);
    if (t.status === 'failed' && book.movements !== 0) problems.operatorDisagrees.push(`${t.id}: ours failed, operator moved money ${book.movements} time(s)`);
    const deliveries = events.get(`payment.${t.status}:${t.id}`);
    if (t.status !== 'pending' && !deliveries) problems.missingWebhook.push(t.id);
    if (deliveries && deliveries.size > 1) problems.eventCreatedTwice.push(`${t.id}: ${deliveries.size} distinct deliveries`);
  }
  const invariants = (await new InvariantsRepository(h.bench.dataSource).check({ deadlines: { collect: 3600, payout: 3600 }, deadlineGraceSeconds: 60, outboxBoundSeconds: 3600, samples: 3 })).filter((r) =>
    TWICE_INVARIANTS.includes(r.name),
  );
  const lines = [
    `  transactions: ${transactions.length}; operator money movements: ${movements}; distinct final events received: ${[...events.keys()].filter((k) => k.startsWith('payment.')).length}`,
    ...Object.entries(problems).map(([rule, items]) => `  ${items.length === 0 ? 'ok    ' : 'FAILED'} ${rule}: ${items.length}${items.length > 0 ? ` (e.g. ${items.slice(0, 3).join('; ')})` : ''}`),
    ...invariants.map((r) => `  ${r.violations === 0 ? 'ok    ' : 'FAILED'} ledger ${r.name}: ${r.violations}${r.violations > 0 ? ` (e.g. ${r.samples.join('; ')})` : ''}`),
  ];
  return { passed: Object.values(problems).every((items) => items.length === 0) && invariants.every((r) => r.violations === 0), lines };
}
