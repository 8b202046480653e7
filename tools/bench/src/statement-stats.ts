import type { DataSource } from 'typeorm';

interface StatementRow {
  calls: string;
  rows: string;
  exec_ms: number;
  plan_ms: number;
  plans: string;
  max_exec_ms: number;
  toplevel: boolean;
  query: string;
}

/**
 * The statements that cost Postgres most, per cash-in: execution and planning apart. A statement
 * planned on (nearly) every call is one whose plan is not reused: unprepared, or prepared but
 * given a custom plan each time. Then the most frequent of those run at top level (BEGIN and
 * COMMIT included): the round trips, besides a deferred constraint trigger's statements, which
 * run at COMMIT. Last, the nested statements (triggers, foreign-key checks) with their time.
 */
export async function printCostliestStatements(dataSource: DataSource, cashIns: number): Promise<void> {
  const statements: StatementRow[] = await dataSource.query(
    `SELECT calls, rows, total_exec_time AS exec_ms, total_plan_time AS plan_ms, plans, max_exec_time AS max_exec_ms, toplevel, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = 'momo'`,
  );
  const sum = (of: StatementRow[], value: (s: StatementRow) => number) => of.reduce((total, s) => total + value(s), 0);
  const topLevel = statements.filter((s) => s.toplevel);
  const costliest = [...statements].sort((a, b) => b.exec_ms + b.plan_ms - (a.exec_ms + a.plan_ms)).slice(0, 15);
  const frequent = [...topLevel].sort((a, b) => Number(b.calls) - Number(a.calls)).slice(0, 12);
  const µs = (ms: number) => ((1000 * Number(ms)) / cashIns).toFixed(0).padStart(5);
  const perCashIn = (calls: number | string) => (Number(calls) / cashIns).toFixed(2);
  const perCall = (ms: number) => (1000 * Number(ms)).toFixed(0).padStart(6);
  const exec = sum(statements, (s) => Number(s.exec_ms));
  const plan = sum(statements, (s) => Number(s.plan_ms));
  console.log(`Postgres time per cash-in (pg_stat_statements): execution ${µs(exec)} µs, planning ${µs(plan)} µs; the costliest statements:`);
  console.log(`  exec µs  plan µs  calls per cash-in  calls per plan  rows per call  statement`);
  for (const r of costliest) {
    const perPlan = Number(r.plans) > 0 ? (Number(r.calls) / Number(r.plans)).toFixed(1) : '-';
    const perCall = (Number(r.rows) / Math.max(1, Number(r.calls))).toFixed(1);
    console.log(`  ${µs(r.exec_ms)}    ${µs(r.plan_ms)}  ${perCashIn(r.calls).padStart(17)}  ${perPlan.padStart(14)}  ${perCall.padStart(13)}  ${r.query}`);
  }
  const calls = (of: StatementRow[]) => sum(of, (s) => Number(s.calls));
  console.log(`Statements per cash-in: ${perCashIn(calls(statements))}, ${perCashIn(calls(topLevel))} at top level; the most frequent of those:`);
  for (const r of frequent) console.log(`  ${perCashIn(r.calls).padStart(6)}  ${r.query}`);
  // Nested: what triggers and foreign-key checks run inside those, unseen by the services.
  const nested = statements.filter((s) => !s.toplevel).sort((a, b) => Number(b.calls) - Number(a.calls)).slice(0, 12);
  // The mean beside the slowest call tells a plan that makes every call slow (a mean far above its
  // peers', a modest maximum) from a few calls that waited for a row lock (a maximum of milliseconds).
  console.log(`Nested statements (triggers, foreign-key checks) per cash-in, the most frequent (µs per cash-in, then per call: mean and slowest):`);
  for (const r of nested) {
    console.log(`  ${perCashIn(r.calls).padStart(6)}  ${µs(r.exec_ms)} µs  ${perCall(Number(r.exec_ms) / Math.max(1, Number(r.calls)))} ${perCall(r.max_exec_ms)}  ${r.query}`);
  }
}
