import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';

export interface SettlementRunSeen {
  startedAt: Date;
  /** null while it was still running when asked. */
  completedAt: Date | null;
  cashIns: number;
}

/**
 * The settlement runs that settled cash-ins during a stretch of wall-clock time (epoch ms). Test
 * mode settles every SETTLEMENT_TEST_EVERY_SECONDS (60 by default), every cash-in due back to back,
 * and a run takes payments-core and its Postgres backend for its length: a `POST` latency counted
 * across one is not comparable with one counted without it (docs/performance.md, "Measured on
 * 2026-11-29"), and which of the two a 10 s run gets is chance.
 */
export async function settlementRunsBetween(dataSource: DataSource, from: number, to: number): Promise<SettlementRunSeen[]> {
  const rows: { started_at: Date; completed_at: Date | null; cash_ins: number }[] = await dataSource.query(
    // Counted by the cash-ins stamped so far: a settlement's own totals are written when it completes.
    `SELECT r.started_at, r.completed_at, count(*)::int AS cash_ins
       FROM settlement_runs r JOIN settlements s ON s.run_id = r.id JOIN transactions t ON t.settlement_id = s.id
      WHERE r.started_at < to_timestamp($2 / 1000.0) AND COALESCE(r.completed_at, now()) > to_timestamp($1 / 1000.0)
      GROUP BY r.id
      ORDER BY r.started_at`,
    [from, to],
  );
  return rows.map((r) => ({ startedAt: r.started_at, completedAt: r.completed_at, cashIns: r.cash_ins }));
}

/** "none", or each run: when it started from `from` (s), how long it took, what it settled. */
export function describeSettlementRuns(runs: SettlementRunSeen[], from: number): string {
  if (runs.length === 0) return 'none';
  return runs
    .map((run) => {
      const at = ((run.startedAt.getTime() - from) / 1000).toFixed(1);
      const took = run.completedAt ? `for ${((run.completedAt.getTime() - run.startedAt.getTime()) / 1000).toFixed(1)} s` : 'still running';
      return `at ${at} s ${took}, ${run.cashIns.toLocaleString('en-US')} cash-in${run.cashIns === 1 ? '' : 's'}`;
    })
    .join('; ');
}

export interface SettledWait {
  waitedMs: number;
  /** False when cash-ins were still unsettled, or a run still running, when the wait gave up. */
  settled: boolean;
}

/**
 * Waits until the stack has settled every succeeded test-mode cash-in and no settlement run is
 * still going. After `POST` runs the minute's settlement takes payments-core and Postgres for
 * seconds, whenever its tick falls: a yardstick measured on that Postgres measures the run too
 * (it fell inside the bare insert's counted run in most `bench:api` runs before this wait).
 */
export async function untilSettled(dataSource: DataSource, options: { atMostMs?: number; pollMs?: number } = {}): Promise<SettledWait> {
  const { atMostMs = 180_000, pollMs = 1_000 } = options;
  const started = Date.now();
  for (;;) {
    const [{ unsettled, running }] = (await dataSource.query(
      `SELECT (SELECT count(*)::int FROM transactions
                WHERE mode = 'test' AND direction = 'collect' AND status = 'succeeded' AND settled_at IS NULL) AS unsettled,
              (SELECT count(*)::int FROM settlement_runs WHERE completed_at IS NULL AND started_at > now() - interval '10 minutes') AS running`,
    )) as { unsettled: number; running: number }[];
    const settled = unsettled === 0 && running === 0;
    if (settled || Date.now() - started >= atMostMs) return { waitedMs: Date.now() - started, settled };
    await sleep(pollMs);
  }
}
