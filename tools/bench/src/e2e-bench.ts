import 'reflect-metadata';
import { cpus } from 'node:os';
import { IsInt, Max, Min } from 'class-validator';
import { Pool } from 'undici';
import { loadConfig } from '@momo/platform';
import { waitFor, WebhookReceiver } from '@momo/testing';
import { startBenchStack } from './bench-stack';
import { cpuPerUnit, sampleCpu, stackProcesses } from './cpu-meter';

/**
 * `npm run bench:e2e`: the whole money path on this machine, every service a process: cash-ins
 * offered at a steady rate, each counted done when its signed `payment.succeeded` webhook reaches
 * a local receiver. Prints the rate sustained end to end and the create -> webhook latency.
 * Asserts nothing.
 */
class E2eBenchConfig {
  /** Cash-ins offered per second. */
  @IsInt() @Min(1) @Max(10_000) BENCH_RATE: number = 100;
  /** How long the load runs. */
  @IsInt() @Min(1) @Max(600) BENCH_SECONDS: number = 20;
  /** Most requests in flight at once. */
  @IsInt() @Min(1) @Max(2_000) BENCH_CONNECTIONS: number = 64;
}

async function main(): Promise<void> {
  const { BENCH_RATE: rate, BENCH_SECONDS: seconds, BENCH_CONNECTIONS: connections } = loadConfig(E2eBenchConfig);
  const receiver = await WebhookReceiver.start();
  const { stack, merchant, stop } = await startBenchStack('bench_e2e', { webhookUrl: receiver.url });
  const created = new Map<string, number>();
  const done = new Map<string, number>();
  receiver.respondWith = (request) => {
    try {
      const event = JSON.parse(request.rawBody.toString('utf8')) as { type: string; data: { id: string } };
      if (event.type === 'payment.succeeded' && !done.has(event.data.id)) done.set(event.data.id, request.receivedAt);
    } catch {
      // not ours to judge here
    }
    return 200;
  };
  const gateway = new Pool(stack.url('api-gateway'), { connections });
  let refused = 0;
  let inFlight = 0;
  let customer = 0;
  try {
    console.log(`bench:e2e: offering ${rate} cash-ins/s for ${seconds} s; machine: ${cpus().length} cores shared by every service, Postgres and Redis`);
    const metered = stackProcesses(stack);
    const cpuBefore = sampleCpu(metered);
    const started = Date.now();
    const total = rate * seconds;
    const sends: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / rate;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (inFlight >= connections) {
        refused++;
        continue;
      }
      inFlight++;
      sends.push(
        createPayment(gateway, merchant.appKey, customer++)
          .then((id) => {
            if (id) created.set(id, Date.now());
            else refused++;
          })
          .finally(() => inFlight--),
      );
    }
    await Promise.all(sends);
    const loadEnded = Date.now();
    await waitFor(() => ([...created.keys()].every((id) => done.has(id)) ? true : undefined), {
      timeoutMs: 120_000,
      intervalMs: 200,
      what: 'every webhook',
    }).catch(() => undefined);
    const cpu = cpuPerUnit(cpuBefore, sampleCpu(metered), done.size);
    const latencies = [...created].filter(([id]) => done.has(id)).map(([id, at]) => done.get(id)! - at).sort((a, b) => a - b);
    const lastDone = Math.max(...done.values());
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
    console.log(
      [
        `offered: ${total} cash-ins over ${((loadEnded - started) / 1000).toFixed(1)} s; accepted (201): ${created.size}; not sent or refused: ${refused}`,
        `completed end to end (webhook received): ${done.size}; sustained ${(done.size / ((lastDone - started) / 1000)).toFixed(1)} cash-ins/s`,
        `create -> webhook latency: p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${latencies[latencies.length - 1]} ms`,
        `CPU per completed cash-in, every process (receiver and load generator excluded): ${cpu}`,
      ].join('\n'),
    );
  } finally {
    await gateway.close();
    await stop();
    await receiver.close();
  }
}

/** One cash-in from a new customer (many customers, as in real traffic); its id, or undefined if not accepted. */
async function createPayment(gateway: Pool, appKey: string, customer: number): Promise<string | undefined> {
  const msisdn = `0788${String(100_000 + (customer % 800_000)).padStart(6, '0')}`;
  const res = await gateway.request({
    path: '/v1/payments',
    method: 'POST',
    headers: { authorization: `Bearer ${appKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1500, msisdn, description: 'bench', reference: `bench-${customer}` }),
  });
  const body = (await res.body.json()) as { data?: { id: string; status: string } };
  return res.statusCode === 201 ? body.data?.id : undefined;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
