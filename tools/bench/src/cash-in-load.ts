import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { WebhookReceiver } from '@momo/testing';
import { BenchStack, BenchStackOptions, startBenchStack } from './bench-stack';
import { cpuPerUnit, CpuPerUnit, ownProcess, sampleCpu } from './cpu-meter';
import { databaseCounters } from './database-counters';
import { postgresPerService, sampleBackends } from './postgres-by-service';
import { customerPayment } from './payment-requests';
import { quantile } from './quantile';

/** The stack with a local webhook receiver as the merchant's endpoint, and the load generator's connections to every gateway. */
export interface CashInHarness {
  bench: BenchStack;
  receiver: WebhookReceiver;
  /** When each transaction's signed `payment.succeeded` first arrived (ms since the epoch). */
  succeeded: Map<string, number>;
  close(): Promise<void>;
}

export async function startCashInHarness(name: string, options: Omit<BenchStackOptions, 'webhookUrl'> = {}): Promise<CashInHarness> {
  const receiver = await WebhookReceiver.start();
  const succeeded = new Map<string, number>();
  receiver.respondWith = (request) => {
    try {
      const event = JSON.parse(request.rawBody.toString('utf8')) as { type: string; data: { id: string } };
      if (event.type === 'payment.succeeded' && !succeeded.has(event.data.id)) succeeded.set(event.data.id, request.receivedAt);
    } catch {
      // not ours to judge here
    }
    return 200;
  };
  const bench = await startBenchStack(name, { ...options, webhookUrl: receiver.url }).catch(async (error: unknown) => {
    await receiver.close();
    throw error;
  });
  return {
    bench,
    receiver,
    succeeded,
    close: async () => {
      await bench.stop();
      await receiver.close();
    },
  };
}

export interface CashInRun {
  rate: number;
  offered: number;
  loadSeconds: number;
  accepted: number;
  /** Not sent (too many in flight) or not answered 201. */
  refused: number;
  /** Of those: not sent because `connections` were already in flight. */
  notSent: number;
  /** Of those: answers other than 201, by HTTP status and error code (0: no answer). */
  refusals: Record<string, number>;
  completed: number;
  /** Completed per second, from the first offer to the last webhook (so below the offered rate by the last cash-in's latency). */
  sustained: number;
  /**
   * Completed per second while they came out: from the first webhook to the last. A stack that
   * keeps up delivers at the offered rate; one that falls behind stretches the span and shows less.
   */
  deliveredRate: number;
  /** create (the 201) -> webhook. */
  p50: number;
  p99: number;
  max: number;
  /** The POST's own latency, from when it was due to its 201 (queueing for the CPU included). */
  answerP50: number;
  answerP99: number;
  /** Median latency of the cash-ins offered in the first and in the last third of the load: a backlog that grows shows as the second above the first. */
  p50FirstThird: number;
  p50LastThird: number;
  cpu: CpuPerUnit;
  /** Postgres' CPU per completed cash-in by the service whose connection it served (ms). */
  postgresByService: [string, number][];
  /** Postgres connections the stack opened between the load's start and its last webhook. */
  connectionsOpened: number;
  /** The accepted transactions. */
  ids: string[];
}

/**
 * Cash-ins offered at `rate`/s for `seconds`, open loop (request i is due at start + i/rate; if
 * `connections` are already in flight it is counted as not sent), spread round-robin over every
 * gateway replica; then waits up to `drainMs` for each accepted one's signed webhook. CPU is per
 * completed cash-in, for the stack's own processes; this process (load generator and webhook
 * receiver) is shown apart.
 */
export interface CashInLoad {
  rate: number;
  seconds: number;
  connections: number;
  drainMs: number;
  customerOffset?: number;
  /** An Idempotency-Key on every request, as the SDK sends (true unless said otherwise): the gateway then claims and answers it in Postgres. */
  idempotencyKeys?: boolean;
}

export async function offerCashIns(h: CashInHarness, run: CashInLoad): Promise<CashInRun> {
  const gateways = h.bench.stack.urls('api-gateway').map((url) => new Pool(url, { connections: run.connections }));
  const created = new Map<string, number>();
  /** When each accepted cash-in was due to be offered (its latency counts from its answer, in `created`). */
  const offeredAt = new Map<string, number>();
  const metered = h.bench.metered({ 'load generator + webhook receiver (this process)': [ownProcess(() => process.pid)] });
  let notSent = 0;
  const refusals: Record<string, number> = {};
  const refuse = (status: number, code?: string): void => {
    const key = code ? `${status} ${code}` : String(status);
    refusals[key] = (refusals[key] ?? 0) + 1;
  };
  let inFlight = 0;
  const keyPrefix = run.idempotencyKeys === false ? undefined : `bench-${randomUUID()}`;
  try {
    const backendsBefore = await sampleBackends(h.bench.dataSource);
    const sessionsBefore = (await databaseCounters(h.bench.dataSource)).sessions;
    const cpuBefore = sampleCpu(metered);
    const started = Date.now();
    const total = run.rate * run.seconds;
    const sends: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / run.rate;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (inFlight >= run.connections) {
        notSent++;
        continue;
      }
      inFlight++;
      sends.push(
        createPayment(gateways[i % gateways.length], h.bench.merchant.appKey, (run.customerOffset ?? 0) + i, keyPrefix && `${keyPrefix}-${i}`)
          .then(({ id, status, code }) => {
            if (id) {
              created.set(id, Date.now());
              offeredAt.set(id, due);
            } else refuse(status, code);
          })
          .catch(() => refuse(0))
          .finally(() => inFlight--),
      );
    }
    await Promise.all(sends);
    const loadEnded = Date.now();
    const until = Date.now() + run.drainMs;
    while (Date.now() < until && ![...created.keys()].every((id) => h.succeeded.has(id))) await new Promise((resolve) => setTimeout(resolve, 200));
    const ids = [...created.keys()];
    const done = ids.filter((id) => h.succeeded.has(id));
    const cpu = cpuPerUnit(cpuBefore, sampleCpu(metered), done.length);
    const postgresByService = postgresPerService(backendsBefore, await sampleBackends(h.bench.dataSource), done.length);
    const connectionsOpened = (await databaseCounters(h.bench.dataSource)).sessions - sessionsBefore;
    const latencyOf = (id: string) => h.succeeded.get(id)! - created.get(id)!;
    const latencies = done.map(latencyOf).sort((a, b) => a - b);
    const answers = ids.map((id) => Math.round(created.get(id)! - offeredAt.get(id)!)).sort((a, b) => a - b);
    const doneAt = done.map((id) => h.succeeded.get(id)!);
    const lastDone = Math.max(started + 1, ...doneAt);
    const firstDone = Math.min(lastDone, ...doneAt);
    const pct = (p: number) => quantile(latencies, p);
    const third = (run.seconds * 1000) / 3;
    const medianOfOffers = (from: number, to: number) =>
      quantile(
        done
          .filter((id) => offeredAt.get(id)! >= started + from && offeredAt.get(id)! < started + to)
          .map(latencyOf)
          .sort((a, b) => a - b),
        0.5,
      );
    return {
      rate: run.rate,
      offered: total,
      loadSeconds: (loadEnded - started) / 1000,
      accepted: created.size,
      refused: notSent + Object.values(refusals).reduce((sum, n) => sum + n, 0),
      notSent,
      refusals,
      completed: done.length,
      sustained: done.length / ((lastDone - started) / 1000),
      deliveredRate: done.length > 1 && lastDone > firstDone ? (done.length - 1) / ((lastDone - firstDone) / 1000) : NaN,
      p50: pct(0.5),
      p99: pct(0.99),
      max: latencies[latencies.length - 1] ?? NaN,
      answerP50: quantile(answers, 0.5),
      answerP99: quantile(answers, 0.99),
      p50FirstThird: medianOfOffers(0, third),
      p50LastThird: medianOfOffers(2 * third, 3 * third),
      cpu,
      postgresByService,
      connectionsOpened,
      ids,
    };
  } finally {
    await Promise.all(gateways.map((g) => g.close()));
  }
}

/** One cash-in from a new customer (many customers, as in real traffic); its id if accepted, and the HTTP status. */
async function createPayment(gateway: Pool, appKey: string, customer: number, idempotencyKey: string | undefined): Promise<{ id: string | undefined; status: number; code?: string }> {
  const headers: Record<string, string> = { authorization: `Bearer ${appKey}`, 'content-type': 'application/json' };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const res = await gateway.request({
    path: '/v1/payments',
    method: 'POST',
    headers,
    body: customerPayment(customer, `bench-${customer}`),
  });
  const body = (await res.body.json()) as { data?: { id: string; status: string }; code?: string };
  return { id: res.statusCode === 201 ? body.data?.id : undefined, status: res.statusCode, code: body.code };
}

/** A run's answers other than 201, e.g. `12 × HTTP 503 OPERATOR_UNAVAILABLE`; `0` when there were none. */
export function describeRefusals(refusals: Record<string, number>): string {
  const entries = Object.entries(refusals);
  return entries.length === 0 ? '0' : entries.map(([status, n]) => `${n} × ${status === '0' ? 'no answer' : `HTTP ${status}`}`).join(', ');
}
