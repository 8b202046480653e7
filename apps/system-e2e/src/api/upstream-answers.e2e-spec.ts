import { randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { TransactionView } from '@momo/contracts';
import { freePort, seedSucceededPayment, startTestSystem, TestSystem } from '@momo/testing';
import { countTransactions, expectErrorEnvelope, MTN, TransactionResponse } from './api-helpers';

interface Scripted {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * An MTN MoMo endpoint whose answers to request-to-pay and transfer the test scripts, to show
 * what the merchant hears for each kind of upstream answer. Tokens are always granted and every
 * status query says PENDING, so nothing settles behind the test's back.
 */
class ScriptedMtn {
  readonly next: Scripted[] = [];
  private constructor(private readonly server: Server, readonly url: string) {}

  static async start(): Promise<ScriptedMtn> {
    const port = await freePort();
    let self: ScriptedMtn;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const path = req.url ?? '';
        if (/\/token\/?$/.test(path)) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'tok', token_type: 'access_token', expires_in: 3600 }));
        if (req.method === 'GET') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'PENDING' }));
        const answer = self.next.shift() ?? { status: 202 };
        res.writeHead(answer.status, { 'content-type': answer.body?.startsWith('{') ? 'application/json' : 'text/html', ...answer.headers }).end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    self = new ScriptedMtn(server, `http://127.0.0.1:${port}/mtn`);
    return self;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('merchant API: what the merchant hears for each upstream answer', () => {
  let system: TestSystem;
  let mtn: ScriptedMtn;

  beforeAll(async () => {
    mtn = await ScriptedMtn.start();
    system = await startTestSystem('api-upstream', {
      env: { 'operator-adapter': { MTN_TEST_BASE_URL: mtn.url }, 'api-gateway': { COMMAND_WAIT_MS: '2000' } },
    });
  });
  afterAll(async () => {
    await system?.stop();
    await mtn?.close();
  });

  const pay = (headers: Record<string, string> = {}, amount = 1_000) =>
    system.api('POST', '/v1/payments', { body: { amount, msisdn: MTN }, headers }) as Promise<TransactionResponse>;
  const read = async (id: string) => (await system.api<{ data: TransactionView }>('GET', `/v1/payments/${id}`)).body.data;

  it('keeps a refusal of the 400 kind a 400 naming the reason, and fails the transaction', async () => {
    mtn.next.push({ status: 400, body: JSON.stringify({ code: 'PAYER_NOT_FOUND', message: 'Payer not found' }) });
    const body = expectErrorEnvelope(await pay(), 400, 'PAYER_NOT_FOUND');
    expect(await read(body.details!.transaction_id as string)).toMatchObject({ status: 'failed', failure_code: 'PAYER_NOT_FOUND' });
  });

  it('keeps a refusal of the 409 kind a 409 naming the reason', async () => {
    mtn.next.push({ status: 500, body: JSON.stringify({ code: 'NOT_ENOUGH_FUNDS', message: 'Not enough funds' }) });
    const body = expectErrorEnvelope(await pay(), 409, 'INSUFFICIENT_FUNDS');
    expect(body.message).toMatch(/not have enough money/);
  });

  it('passes the network’s rate limit through as a 429 with Retry-After; a retry with the same key makes a new attempt', async () => {
    const key = randomUUID();
    mtn.next.push({ status: 429, body: '{}', headers: { 'retry-after': '7' } });
    const limited = await pay({ 'Idempotency-Key': key });
    const body = expectErrorEnvelope(limited, 429, 'RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toBe('7');
    // The same shape as our own 429; who limited and the network's reason are in details.
    expect(body.details).toEqual({ transaction_id: expect.any(String), limited_by: 'network', network: 'mtn', reason: expect.any(String) });
    expect(await read(body.details!.transaction_id as string)).toMatchObject({ status: 'failed', failure_code: 'OPERATOR_RATE_LIMITED' });
    const retry = await pay({ 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.body.data.id).not.toBe(body.details!.transaction_id);
  });

  it('answers an uninterpretable upstream answer 502 and keeps the transaction pending; the same key then gets it', async () => {
    const key = randomUUID();
    mtn.next.push({ status: 500, body: '<html>Internal error</html>' });
    const garbled = await pay({ 'Idempotency-Key': key });
    const body = expectErrorEnvelope(garbled, 502, 'OPERATOR_ERROR');
    const id = body.details!.transaction_id as string;
    expect(await read(id)).toMatchObject({ status: 'pending' });
    const retry = await pay({ 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.body.data.id).toBe(id);
    expect(await countTransactions(system, 'id = $1', [id])).toBe(1);
  });

  it('answers an upstream outage 503 with Retry-After and releases a payout’s reservation', async () => {
    await seedSucceededPayment(system.db.dataSource, system.merchant, { amount: 5_000 });
    mtn.next.push({ status: 503, body: '', headers: { 'retry-after': '11' } });
    const res = await system.api('POST', '/v1/payouts', { body: { amount: 1_000, msisdn: MTN } });
    expectErrorEnvelope(res, 503, 'OPERATOR_UNAVAILABLE');
    expect(res.headers.get('retry-after')).toBe('11');
    const balance = await system.api<{ data: { available: number; pending: number; reserved: number } }>('GET', '/v1/balance', { key: system.merchant.accountKey });
    expect(balance.body.data).toMatchObject({ available: 5_000, pending: 0, reserved: 0 });
  });

  it('answers 503 when payments-core does not answer in time; the retry with the same key yields the same transaction', async () => {
    const key = `order-${randomUUID()}`;
    await system.stack.kill('payments-core');
    let pendingId: string;
    try {
      const res = await pay({ 'Idempotency-Key': key }, 4_321);
      const body = expectErrorEnvelope(res, 503, 'SERVICE_UNAVAILABLE');
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      pendingId = body.details!.transaction_id as string;
    } finally {
      await system.stack.startService('payments-core');
    }
    const retry = await pay({ 'Idempotency-Key': key }, 4_321);
    expect(retry.status).toBe(201);
    expect(retry.body.data.id).toBe(pendingId);
    expect(await countTransactions(system, 'amount = 4321')).toBe(1);
  });
});
