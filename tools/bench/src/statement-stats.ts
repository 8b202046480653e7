import type { DataSource } from 'typeorm';

/**
 * The statements that cost Postgres most, per cash-in: execution and planning apart. A statement
 * planned on (nearly) every call is one whose plan is not reused: unprepared, or prepared but
 * given a custom plan each time. Then the most frequent of those run at top level (BEGIN and
 * COMMIT included): the round trips, besides a deferred constraint trigger's statements, which
 * run at COMMIT.
 */
export async function printCostliestStatements(dataSource: DataSource, cashIns: number): Promise<void> {
  const rows: { calls: string; rows: string; exec_ms: number; plan_ms: number; plans: string; query: string }[] = await dataSource.query(
    `SELECT calls, rows, total_exec_time AS exec_ms, total_plan_time AS plan_ms, plans, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = 'momo' ORDER BY total_exec_time + total_plan_time DESC LIMIT 15`,
  );
  const total: { exec_ms: number; plan_ms: number; calls: string; toplevel_calls: string }[] = await dataSource.query(
    `SELECT sum(total_exec_time) AS exec_ms, sum(total_plan_time) AS plan_ms, sum(calls) AS calls, sum(calls) FILTER (WHERE s.toplevel) AS toplevel_calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = 'momo'`,
  );
  const frequent: { calls: string; query: string }[] = await dataSource.query(
    `SELECT calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = 'momo' AND s.toplevel ORDER BY calls DESC LIMIT 12`,
  );
  const µs = (ms: number) => ((1000 * Number(ms)) / cashIns).toFixed(0).padStart(5);
  const perCashIn = (calls: string) => (Number(calls) / cashIns).toFixed(2);
  console.log(`Postgres time per cash-in (pg_stat_statements): execution ${µs(total[0].exec_ms)} µs, planning ${µs(total[0].plan_ms)} µs; the costliest statements:`);
  console.log(`  exec µs  plan µs  calls per cash-in  calls per plan  rows per call  statement`);
  for (const r of rows) {
    const perPlan = Number(r.plans) > 0 ? (Number(r.calls) / Number(r.plans)).toFixed(1) : '-';
    const perCall = (Number(r.rows) / Math.max(1, Number(r.calls))).toFixed(1);
    console.log(`  ${µs(r.exec_ms)}    ${µs(r.plan_ms)}  ${perCashIn(r.calls).padStart(17)}  ${perPlan.padStart(14)}  ${perCall.padStart(13)}  ${r.query}`);
  }
  console.log(`Statements per cash-in: ${perCashIn(total[0].calls)}, ${perCashIn(total[0].toplevel_calls)} at top level; the most frequent of those:`);
  for (const r of frequent) console.log(`  ${perCashIn(r.calls).padStart(6)}  ${r.query}`);
}
