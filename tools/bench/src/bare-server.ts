import 'reflect-metadata';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import Fastify from 'fastify';
import { Pool } from 'pg';
import { loadConfig } from '@momo/platform';

/**
 * The comparison servers of `npm run bench:api`, one process each, started by api-bench.ts: a
 * bare Fastify server answering a constant (the machine's latency floor), or doing one Postgres
 * primary-key read or one insert per request through a pg Pool, on the stack's own Postgres.
 * What our gateway costs is measured against these. Prints `{"port":…}` once listening.
 */
class BareServerConfig {
  @IsIn(['constant', 'read', 'insert']) BARE_MODE!: 'constant' | 'read' | 'insert';
  @IsOptional() @IsString() BARE_DATABASE_URL?: string;
  /** The same pool size as each service's (DATABASE_POOL_SIZE in the bench stack). */
  @IsInt() @Min(1) @Max(200) BARE_POOL_SIZE: number = 20;
  /** The transaction the read mode reads (the same row the GET benchmark reads). */
  @IsOptional() @IsString() BARE_READ_ID?: string;
}

/** The table the insert mode writes (api-bench.ts creates it): a payment's shape, without our rules. */
export const BARE_INSERT_TABLE = `CREATE TABLE IF NOT EXISTS bench_bare_inserts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  amount bigint NOT NULL,
  msisdn text NOT NULL,
  description text NOT NULL,
  reference text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`;

async function main(): Promise<void> {
  const config = loadConfig(BareServerConfig);
  const app = Fastify({ logger: false });
  const pool = config.BARE_DATABASE_URL ? new Pool({ connectionString: config.BARE_DATABASE_URL, max: config.BARE_POOL_SIZE }) : undefined;
  switch (config.BARE_MODE) {
    case 'constant':
      app.get('/', async () => ({ data: { ok: true } }));
      break;
    case 'read':
      app.get('/', async (_request, reply) => {
        const { rows } = await pool!.query('SELECT * FROM transactions WHERE id = $1', [config.BARE_READ_ID]);
        return rows.length === 1 ? { data: rows[0] } : reply.code(404).send({ error: 'not found' });
      });
      break;
    case 'insert':
      app.post('/', async (request, reply) => {
        const body = request.body as { amount: number; msisdn: string; description: string; reference: string };
        const { rows } = await pool!.query('INSERT INTO bench_bare_inserts (amount, msisdn, description, reference) VALUES ($1, $2, $3, $4) RETURNING id', [
          body.amount,
          body.msisdn,
          body.description,
          body.reference,
        ]);
        return reply.code(201).send({ data: rows[0] });
      });
      break;
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  process.once('SIGTERM', () => {
    void app.close().then(() => pool?.end()).then(() => process.exit(0));
  });
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
