import 'reflect-metadata';
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '@momo/platform';
import { ChaosConfig } from './chaos.config';
import { ChaosSystem, SETTLEMENT_EVERY_SECONDS } from './chaos-system';
import { writeDossiers } from './dossier';
import { FaultInjector, planFaults } from './faults';
import { Load } from './load';
import { MerchantClient } from './merchant-client';
import { Random } from './random';
import { announced, eventOf, formatReport, observe, unsettledCashIns, verify } from './verify';

const say = (line: string) => process.stdout.write(`chaos | ${line}\n`);

/**
 * `npm run chaos`: the fault-injection run. The whole system runs as processes on a private
 * Postgres and Redis; a merchant drives a steady load of payments, payouts and refunds across
 * every simulator scenario while each of our services is killed (-9) at random moments and
 * restarted, Postgres crash-restarts once and Redis is flushed once. After the load, once the
 * system has settled, it checks that every transaction is final and agrees with the simulated
 * operators' books, that no money moved twice, that the invariants hold and that the merchant's
 * receiver got every final status. Exit status 0 only if all of that holds (docs/durability.md).
 */
async function main(): Promise<void> {
  const config = loadConfig(ChaosConfig);
  const seed = config.CHAOS_SEED ?? randomInt(1, 2 ** 31 - 1);
  const random = new Random(seed);
  say(`seed ${seed}; starting the system`);
  const system = await ChaosSystem.start(say);
  let passed = false;
  try {
    const client = new MerchantClient(system.stack.url('api-gateway'), system.merchant.appKey);
    const load = new Load(client, random);
    await load.fund(3, 1_000_000);
    await waitForFunds(client);

    const faults = new FaultInjector(system, random, say);
    const startedAt = Date.now();
    const supervisor = faults.supervise(startedAt);
    say(`load: ${config.CHAOS_LOAD_SECONDS} s at ${config.CHAOS_RATE}/s; faults: ${config.CHAOS_KILLS_PER_SERVICE} kills per service, one Postgres crash, one Redis flush`);
    await Promise.all([
      load.run(config.CHAOS_LOAD_SECONDS, config.CHAOS_RATE, say),
      faults.run(planFaults(random, config.CHAOS_KILLS_PER_SERVICE, config.CHAOS_LOAD_SECONDS), config.CHAOS_LOAD_SECONDS, startedAt),
    ]);
    const loadEnded = Date.now();
    say('load stopped; waiting for every answer, every final status and every webhook');
    await load.finish();
    const settled = await settle(system, config.CHAOS_SETTLE_SECONDS * 1000 - (Date.now() - loadEnded));
    await settleMoney(system, Math.max(config.CHAOS_SETTLE_SECONDS * 1000 - (Date.now() - loadEnded), 4 * SETTLEMENT_EVERY_SECONDS * 1000));
    await supervisor.stop();

    const report = await verify({
      system,
      observed: await observe(system),
      operations: load.operations,
      faults: faults.injected,
      unexpectedExits: faults.unexpectedExits,
      seed,
      loadSeconds: config.CHAOS_LOAD_SECONDS,
      rate: config.CHAOS_RATE,
      settleSeconds: (settled - loadEnded) / 1000,
      loadWindow: { from: startedAt, to: loadEnded },
    });
    process.stdout.write(`\n${formatReport(report)}\n`);
    if (config.CHAOS_REPORT_FILE) writeFileSync(config.CHAOS_REPORT_FILE, JSON.stringify(report, null, 2));
    passed = report.passed;
    if (!passed) {
      const dossiers = await writeDossiers(system, report.problems).catch((error: unknown) => say(`could not gather the problem transactions: ${(error as Error).message}`));
      say(`service logs: ${system.logDirectory}${dossiers ? `; problem transactions: ${dossiers}` : ''}`);
    }
  } finally {
    await system.stop();
  }
  process.exitCode = passed ? 0 : 1;
}

/** The funding payments have succeeded and been settled (the merchant has an available balance to pay out from). */
async function waitForFunds(client: MerchantClient): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const balance = await client.get<{ data: { available: number } }>('/v1/balance');
    if ((balance?.data.available ?? 0) >= 2_000_000) return;
    await sleep(500);
  }
  throw new Error('the funding payments did not succeed');
}

/** Waits for the settlement runs to settle every succeeded cash in (a run every SETTLEMENT_EVERY_SECONDS). */
async function settleMoney(system: ChaosSystem, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = -1;
  for (;;) {
    const unsettled = (await unsettledCashIns(system).catch(() => undefined))?.length;
    if (unsettled === 0) return;
    if (unsettled !== undefined && unsettled !== last) say(`settling money: ${unsettled} succeeded cash ins not yet settled`);
    last = unsettled ?? last;
    if (Date.now() > until) return;
    await sleep(2_000);
  }
}

/**
 * Waits until nothing is pending, nothing waits in the outbox and the receiver has every final
 * status, or until the time is up; returns when it stopped waiting.
 */
async function settle(system: ChaosSystem, timeoutMs: number): Promise<number> {
  const until = Date.now() + Math.max(timeoutMs, 0);
  let last = '';
  for (;;) {
    const observed = await observe(system).catch(() => undefined);
    if (observed) {
      const seen = announced(system);
      const pending = observed.transactions.filter((t) => t.status === 'pending').length;
      const unannounced = observed.transactions.filter((t) => t.status !== 'pending' && !seen.has(eventOf(t))).length;
      const state = `${pending} pending, ${unannounced} final statuses not yet received by the merchant`;
      if (pending === 0 && unannounced === 0) return Date.now();
      if (state !== last) say(`settling: ${state}`);
      last = state;
    }
    if (Date.now() > until) return Date.now();
    await sleep(2_000);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`chaos: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
