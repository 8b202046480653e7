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
