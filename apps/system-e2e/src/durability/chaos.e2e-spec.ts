import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnvironment, WORKSPACE_ROOT } from '@momo/testing';

interface ChaosReport {
  faults: { fault: string }[];
  transactions: { total: number; byOutcome: Record<string, number>; failureCodes: Record<string, number> };
  operator: { movements: number };
  webhooks: { finalStatuses: number; distinctDeliveries: number };
  recoveries: Record<string, number>;
  settlement: { runsCompletedDuringLoad: number; cashInsSettledByRuns: number; cashInsSettledByRefunds: number };
  problems: Record<string, string[]>;
  passed: boolean;
}

const SERVICES = ['payments-core', 'operator-adapter', 'webhook-dispatcher', 'reconciler', 'api-gateway'];

/**
 * The fault-injection run (tools/chaos), short: the whole system on a private Postgres and Redis,
 * a steady merchant load across every simulator scenario, each of our services killed -9 twice at
 * random moments, Postgres crash-restarted once, Redis flushed once. `npm run chaos` is the long
 * version of the same run.
 */
describe('fault injection', () => {
  it('leaves every transaction final, agreeing with the operators, moved at most once and announced, with the invariants intact', async () => {
    const reportFile = join(mkdtempSync(join(tmpdir(), 'chaos-')), 'report.json');
    const { status, output } = await runChaos({
      CHAOS_LOAD_SECONDS: '50',
      CHAOS_RATE: '5',
      CHAOS_KILLS_PER_SERVICE: '2',
      CHAOS_SETTLE_SECONDS: '150',
      CHAOS_REPORT_FILE: reportFile,
    });
    // The counts, for whoever reads the test output.
    console.log(output.slice(output.indexOf('chaos run (seed')) || output);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as ChaosReport;

    expect(report.problems).toEqual({
      notFinal: [],
      disagreeWithOperator: [],
      movedMoreThanOnce: [],
      operationsWithTwoTransactions: [],
      acknowledgedButNotStored: [],
      missingWebhooks: [],
      badWebhookSignatures: [],
      invariantViolations: [],
      reconciliationExceptions: [],
      unsettledCashIns: [],
      noSettlementDuringLoad: [],
      unansweredOperations: [],
      unexpectedExits: [],
    });
    // The faults really happened: two kills of each service, one crash of Postgres, one flush of Redis.
    const faults = report.faults.map((f) => f.fault);
    for (const service of SERVICES) expect({ service, kills: faults.filter((f) => f === `kill -9 ${service}`).length }).toEqual({ service, kills: 2 });
    expect(faults).toEqual(expect.arrayContaining(['Postgres crash-restart', 'Redis FLUSHALL']));
    // Redis was flushed holding the dispatcher's backlog: only the outbox sweeper could bring those
    // events back, and the reconciler had to put its lost job scheduler back.
    expect(report.recoveries.outboxEventsRepublished).toBeGreaterThan(0);
    expect(report.recoveries.sweepSchedulerRestored).toBeGreaterThan(0);
    // Settlement ran through the faults (its schedulers put back after the flush) and settled every cash in once.
    expect(report.recoveries.settlementSchedulerRestored).toBeGreaterThan(0);
    expect(report.settlement.runsCompletedDuringLoad).toBeGreaterThan(0);
    expect(report.settlement.cashInsSettledByRuns + report.settlement.cashInsSettledByRefunds).toBe(report.transactions.byOutcome['collect succeeded']);
    // And the load was real: both directions, both outcomes, failures decided by the deadline and by the network.
    expect(report.transactions.total).toBeGreaterThan(150);
    for (const outcome of ['collect succeeded', 'collect failed', 'payout succeeded', 'payout failed']) expect(report.transactions.byOutcome[outcome]).toBeGreaterThan(0);
    expect(Object.keys(report.transactions.failureCodes)).toEqual(expect.arrayContaining(['DEADLINE_EXCEEDED', 'NOT_RECEIVED', 'DECLINED', 'EXPIRED']));
    // Exactly one movement at the operator per success, none anywhere else.
    expect(report.operator.movements).toBe(report.transactions.byOutcome['collect succeeded'] + report.transactions.byOutcome['payout succeeded']);
    expect(report.webhooks.distinctDeliveries).toBeGreaterThanOrEqual(report.webhooks.finalStatuses);
    expect({ passed: report.passed, status }).toEqual({ passed: true, status: 0 });
  }, 330_000);
});

function runChaos(env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', join(WORKSPACE_ROOT, 'dist', 'tools', 'chaos', 'src', 'main.js')], {
      env: childEnvironment(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}
