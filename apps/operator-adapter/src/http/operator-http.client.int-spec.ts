import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { OperatorLogRepository } from '@momo/data';
import { loadConfig } from '@momo/platform';
import { createTestDatabase, TestDatabase } from '@momo/testing';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { OperatorCall, OperatorHttpClient } from './operator-http.client';

/**
 * An operator that answers nothing until `holdUntil` requests are open at once (or `holdMs` has
 * passed), then answers them all: the most it ever saw open at once is how many calls the
 * adapter really had in flight towards it.
 */
class HoldingOperator {
  private readonly server: Server;
  private waiting: Array<() => void> = [];
  private open = 0;
  mostOpenAtOnce = 0;
  holdUntil = Infinity;

  constructor(private readonly holdMs = 2_000) {
    this.server = createServer((req, res) => {
      req.resume();
      this.open++;
      this.mostOpenAtOnce = Math.max(this.mostOpenAtOnce, this.open);
      const answer = () => {
        clearTimeout(timer);
        this.open--;
        res.writeHead(202, { 'content-type': 'application/json' }).end('{}');
      };
      const timer = setTimeout(() => this.release(answer), this.holdMs);
      this.waiting.push(answer);
      if (this.open >= this.holdUntil) this.releaseAll();
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset(holdUntil: number): void {
    this.holdUntil = holdUntil;
    this.mostOpenAtOnce = 0;
  }

  async close(): Promise<void> {
    this.releaseAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private release(answer: () => void): void {
    this.waiting = this.waiting.filter((a) => a !== answer);
    answer();
  }

  private releaseAll(): void {
    const all = this.waiting;
    this.waiting = [];
    all.forEach((answer) => answer());
  }
}

/**
 * How many calls the adapter sends to an operator at once: every call its guard admits goes out
 * at once on a connection of its own unless OPERATOR_MAX_CONNECTIONS says otherwise, so an
 * operator that answers slowly is not held to connections ÷ answer time calls per second.
 */
describe('OperatorHttpClient: calls in flight to an operator (Postgres for the request log)', () => {
  let db: TestDatabase;
  let operator: HoldingOperator;
  let baseUrl: string;
  const clients: OperatorHttpClient[] = [];

  const clientWith = (settings: Record<string, string>) => {
    const client = new OperatorHttpClient(new OperatorLogRepository(db.dataSource), loadConfig(OperatorAdapterConfig, settings));
    clients.push(client);
    return client;
  };
  const calls = (client: OperatorHttpClient, count: number, mode: string, network = 'mtn') =>
    Promise.all(
      Array.from({ length: count }, (_, i) => {
        const call: OperatorCall = {
          network,
          mode,
          operation: 'request_to_pay',
          transactionId: null,
          method: 'POST',
          url: `${baseUrl}/collection/v1_0/requesttopay?n=${i}`,
          headers: { 'content-type': 'application/json' },
          body: '{}',
        };
        return client.send(call);
      }),
    );
  const loggedFor = async (mode: string) =>
    Number((await db.dataSource.query(`SELECT count(*) AS n FROM operator_requests WHERE mode = $1`, [mode]))[0].n);

  beforeAll(async () => {
    db = await createTestDatabase();
    operator = new HoldingOperator();
    baseUrl = await operator.listen();
  });

  afterAll(async () => {
    for (const client of clients) await client.onApplicationShutdown();
    await operator.close();
    await db.drop();
  });

  it('sends every call its guard admits at once: 200 calls, 200 open at the operator together', async () => {
    const client = clientWith({});
    operator.reset(200);
    const answers = await calls(client, 200, 'defaults');
    expect(answers.every((a) => a.kind === 'response' && a.status === 202)).toBe(true);
    expect(operator.mostOpenAtOnce).toBe(200);
    expect(await loggedFor('defaults')).toBe(200);
  });

  it('gives each operator connections of its own, even when both are one host (the simulator in test mode)', async () => {
    const client = clientWith({ OPERATOR_MAX_IN_FLIGHT: '100' });
    operator.reset(200);
    const answers = await Promise.all([calls(client, 100, 'shared', 'mtn'), calls(client, 100, 'shared', 'airtel')]);
    expect(answers.flat().every((a) => a.kind === 'response' && a.status === 202)).toBe(true);
    expect(operator.mostOpenAtOnce).toBe(200);
  });

  it('refuses calls beyond OPERATOR_MAX_IN_FLIGHT at once, without sending them', async () => {
    const client = clientWith({ OPERATOR_MAX_IN_FLIGHT: '50' });
    operator.reset(50);
    const answers = await calls(client, 60, 'bounded');
    expect(answers.filter((a) => a.kind === 'response' && a.status === 202)).toHaveLength(50);
    expect(answers.filter((a) => a.kind === 'not_sent' && a.error === 'too many calls in flight')).toHaveLength(10);
    expect(operator.mostOpenAtOnce).toBe(50);
    expect(await loggedFor('bounded')).toBe(60);
  });

  it('queues calls for a connection when OPERATOR_MAX_CONNECTIONS is set below the in-flight bound', async () => {
    const client = clientWith({ OPERATOR_MAX_CONNECTIONS: '8' });
    operator.reset(8);
    const answers = await calls(client, 40, 'pooled');
    expect(answers.every((a) => a.kind === 'response' && a.status === 202)).toBe(true);
    expect(operator.mostOpenAtOnce).toBe(8);
  });
});
