import 'reflect-metadata';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { JobIds, QueueName } from '@momo/contracts';
import { loadConfig, redisOptionsFromUrl } from '@momo/platform';
import {
  createTestCertificates,
  createTestDatabase,
  deleteQueueKeys,
  LocalStack,
  seedMerchant,
  TEST_REDIS_URL,
  TestDatabase,
  TestDnsServer,
  testStackOptions,
  uniqueQueuePrefix,
  WORKSPACE_ROOT,
} from '@momo/testing';
import { BenchWebhooksConfig } from './bench.config';

const HOST = 'hooks.bench.test';

/**
 * `npm run bench:webhooks`: deliveries per second from the webhook-dispatcher alone (one process,
 * as built) to a local receiver. Events are written to the outbox beforehand; the clock runs from
 * queueing their publish jobs to the last delivery recorded as delivered in Postgres, so it
 * includes creating each delivery row, signing, the HTTP POST and recording the attempt.
 */
async function main(): Promise<void> {
  const config = loadConfig(BenchWebhooksConfig);
  const schemes = config.BENCH_SCHEME === 'both' ? (['https', 'http'] as const) : [config.BENCH_SCHEME];
  const results: string[] = [];
  for (const scheme of schemes) results.push(await run(scheme, config));
  process.stdout.write(`\n${results.join('\n')}\n`);
}

async function run(scheme: 'https' | 'http', config: BenchWebhooksConfig): Promise<string> {
  const certs = await createTestCertificates([HOST]);
  const caFile = join(mkdtempSync(join(tmpdir(), 'bench-ca-')), 'ca.pem');
  writeFileSync(caFile, certs.caPem);
  const dns = await TestDnsServer.start();
  dns.set(HOST, '127.0.0.1');
  let received = 0;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200).end();
    });
  };
  const server = scheme === 'https' ? createHttpsServer({ key: certs.keyPem, cert: certs.certPem }, handle) : createHttpServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const url = `${scheme}://${scheme === 'https' ? HOST : '127.0.0.1'}:${port}/webhooks`;

  const db = await createTestDatabase();
  const queuePrefix = uniqueQueuePrefix('bench');
  const queue = new Queue(QueueName.WebhookEvents, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: queuePrefix });
  let stack: LocalStack | undefined;
  try {
    const eventIds = await seedEvents(db, url, config);
    say(`${scheme}: ${eventIds.length} events over ${config.BENCH_APPS} apps; starting webhook-dispatcher`);
    stack = await LocalStack.start({
      ...testStackOptions(db.url, queuePrefix, join(WORKSPACE_ROOT, 'tmp', 'bench-logs', queuePrefix)),
      services: ['webhook-dispatcher'],
      env: {
        'webhook-dispatcher': {
          LOG_LEVEL: 'warn',
          WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback',
          WEBHOOK_DNS_SERVERS: dns.address,
          WEBHOOK_TLS_EXTRA_CA_FILE: caFile,
        },
      },
    });

    const started = performance.now();
    for (let i = 0; i < eventIds.length; i += 1_000) {
      await queue.addBulk(eventIds.slice(i, i + 1_000).map((eventId) => ({ name: 'publish-webhook-event', data: { eventId }, opts: { jobId: JobIds.webhookEvent(eventId) } })));
    }
    let delivered = 0;
    while (delivered < eventIds.length) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      delivered = Number((await db.dataSource.query(`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'delivered'`))[0].n);
    }
    const seconds = (performance.now() - started) / 1000;
    const [latency] = await db.dataSource.query(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY duration_ms) AS p99,
              count(*) AS attempts FROM webhook_attempts`,
    );
    return (
      `bench:webhooks ${scheme.padEnd(5)} ${String(Math.round(delivered / seconds)).padStart(6)} deliveries/s ` +
      `(${delivered} delivered in ${seconds.toFixed(2)} s; ${latency.attempts} attempts; receiver saw ${received}; ` +
      `attempt p50 ${Number(latency.p50).toFixed(0)} ms, p99 ${Number(latency.p99).toFixed(0)} ms)`
    );
  } finally {
    await stack?.stop();
    await queue.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections?.();
    await dns.close();
    await db.drop();
    await deleteQueueKeys(queuePrefix);
  }
}

/** N succeeded payments with their outbox events, spread over the apps, written in bulk. */
async function seedEvents(db: TestDatabase, url: string, config: BenchWebhooksConfig): Promise<string[]> {
  const merchant = await seedMerchant(db.dataSource, { webhookUrl: url });
  const appIds = [merchant.appId];
  for (let i = 1; i < config.BENCH_APPS; i++) {
    const [{ id }] = await db.dataSource.query(
      `WITH app AS (
         INSERT INTO apps (id, merchant_id, name) SELECT gen_random_uuid(), merchant_id, 'Bench app ' || $2 FROM apps WHERE id = $1 RETURNING id
       ), settings AS (
         INSERT INTO app_webhook_settings (app_id, mode, url, secret_ciphertext)
         SELECT app.id, s.mode, s.url, s.secret_ciphertext FROM app, app_webhook_settings s WHERE s.app_id = $1
       )
       SELECT id FROM app`,
      [merchant.appId, i],
    );
    appIds.push(id as string);
  }
  await db.dataSource.query(
    `INSERT INTO transactions (id, merchant_id, app_id, mode, direction, amount, fee, msisdn, description, reference, network, provider,
                               provider_ref, initiated_by, status, completed_at)
     SELECT gen_random_uuid(), $1, ($2::uuid[])[1 + (i % array_length($2::uuid[], 1))], 'test', 'collect', 1500, 30, '250788123456',
            'Order ' || i, 'order-' || i, 'mtn', 'mtn_momo', 'mtn-' || i, 'api', 'succeeded', now()
       FROM generate_series(1, $3) AS i`,
    [merchant.merchantId, appIds, config.BENCH_DELIVERIES],
  );
  const rows: { id: string }[] = await db.dataSource.query(
    `INSERT INTO outbox_events (id, event_type, transaction_id, app_id, payload, published_at)
     SELECT gen_random_uuid(), 'payment.succeeded', t.id, t.app_id,
            json_build_object('id', t.id, 'merchant_id', t.merchant_id, 'app_id', t.app_id, 'mode', t.mode, 'direction', t.direction,
              'amount', t.amount, 'currency', t.currency, 'fee', t.fee, 'msisdn', t.msisdn, 'description', t.description,
              'reference', t.reference, 'metadata', t.metadata, 'status', t.status, 'failure_code', t.failure_code,
              'failure_message', t.failure_message, 'network', t.network, 'provider', t.provider, 'provider_ref', t.provider_ref,
              'initiated_by', t.initiated_by, 'reverses_payment_id', t.reverses_payment_id, 'created_at', t.created_at,
              'updated_at', t.updated_at, 'completed_at', t.completed_at, 'settled_at', t.settled_at),
            now()
       FROM transactions t
     RETURNING id`,
  );
  return rows.map((r) => r.id);
}

function say(line: string): void {
  process.stdout.write(`bench:webhooks | ${line}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:webhooks failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
