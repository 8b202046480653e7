import 'reflect-metadata';
import { join } from 'node:path';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { IsInt, Max, Min } from 'class-validator';
import { loadConfig } from '@momo/platform';
import {
  createTestDatabase,
  deleteQueueKeys,
  LocalStack,
  seedMerchant,
  TEST_API_KEY_PEPPER,
  TEST_REDIS_URL,
  TEST_SECRETS_KEY,
  uniqueQueuePrefix,
  WORKSPACE_ROOT,
} from '@momo/testing';

/**
 * `npm run bench:api`: the whole stack on this machine (every service a process, the simulator
 * approving payments), then for POST /v1/payments and GET /v1/payments/:id: the most requests/s
 * it serves, and p50/p99 latency at half of that rate. Prints the figures; asserts nothing.
 */
class BenchConfig {
  /** Length of each measured run. */
  @IsInt() @Min(1) @Max(600) BENCH_SECONDS: number = 10;
  /** Concurrent connections used to find the maximum rate. */
  @IsInt() @Min(1) @Max(1_000) BENCH_CONNECTIONS: number = 32;
}

async function main(): Promise<void> {
  const { BENCH_SECONDS: SECONDS, BENCH_CONNECTIONS: CONNECTIONS } = loadConfig(BenchConfig);
  const db = await createTestDatabase();
  const queuePrefix = uniqueQueuePrefix('bench');
  const merchant = await seedMerchant(db.dataSource, { readsPerMinute: 10_000_000, writesPerMinute: 10_000_000 });
  const stack = await LocalStack.start({
    databaseUrl: db.url,
    redisUrl: TEST_REDIS_URL,
    queuePrefix,
    apiKeyPepper: TEST_API_KEY_PEPPER,
    secretsEncryptionKey: TEST_SECRETS_KEY,
    ports: 'free',
    output: { kind: 'files', directory: join(WORKSPACE_ROOT, 'tmp', 'bench-logs', queuePrefix) },
    env: { '*': { LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '20', SIMULATOR_DATABASE_POOL_SIZE: '20' } },
  });
  try {
    const base = stack.url('api-gateway');
    const headers = { authorization: `Bearer ${merchant.appKey}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ amount: 1500, msisdn: '0788123456', description: 'bench', reference: 'bench' });
    const created = await fetch(`${base}/v1/payments`, { method: 'POST', headers, body });
    const { data } = (await created.json()) as { data: { id: string } };

    // Real traffic comes from many customers: one number for every request would measure the
    // simulator's per-customer daily-limit bookkeeping instead of our money path.
    let customer = 0;
    const paymentFromNextCustomer = (request: Record<string, unknown>) => ({
      ...request,
      body: JSON.stringify({ amount: 1500, msisdn: `0788${String(100_000 + (customer++ % 800_000)).padStart(6, '0')}`, description: 'bench', reference: 'bench' }),
    });
    const targets = [
      { name: 'GET /v1/payments/:id', options: { url: `${base}/v1/payments/${data.id}`, headers } },
      { name: 'POST /v1/payments', options: { url: `${base}/v1/payments`, method: 'POST', headers, body, requests: [{ setupRequest: paymentFromNextCustomer }] } },
    ];
    console.log(`bench: ${SECONDS} s per run, ${CONNECTIONS} connections for the maximum; machine: ${cpus().length} cores, shared by every service, Postgres and Redis`);
    for (const target of targets) {
      await autocannon({ ...target.options, connections: 8, duration: 3 }); // warm-up
      const max = await autocannon({ ...target.options, connections: CONNECTIONS, duration: SECONDS });
      const half = Math.max(1, Math.floor(max.requests.average / 2));
      const atHalf = await autocannon({ ...target.options, connections: CONNECTIONS, duration: SECONDS, overallRate: half });
      console.log(
        [
          `${target.name}`,
          `  maximum: ${max.requests.average.toFixed(0)} req/s (p50 ${max.latency.p50} ms, p99 ${max.latency.p99} ms, non-2xx ${max.non2xx}, errors ${max.errors})`,
          `  at half (${half} req/s): ${atHalf.requests.average.toFixed(0)} req/s, p50 ${atHalf.latency.p50} ms, p99 ${atHalf.latency.p99} ms (non-2xx ${atHalf.non2xx}, errors ${atHalf.errors})`,
        ].join('\n'),
      );
    }
  } finally {
    await stack.stop();
    await db.drop();
    await deleteQueueKeys(queuePrefix);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
