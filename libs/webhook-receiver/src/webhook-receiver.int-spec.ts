import { createServer, Server } from 'node:http';
import { signatureHeader } from '@momo/contracts';
import { createWebhookHandler, WebhookEvent } from './index';

/**
 * The helper behind a real HTTP endpoint (the plain Node example from docs/webhooks.md), receiving
 * the same delivery several times at once, as at-least-once delivery allows.
 */
describe('webhook receiver over HTTP', () => {
  const SECRET = 'whsec_http_secret';
  const processed: WebhookEvent[] = [];
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const handle = createWebhookHandler({
      secrets: SECRET,
      onEvent: async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 100)); // some real work
        processed.push(event);
      },
    });
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const reply = await handle({ rawBody: Buffer.concat(chunks), headers: req.headers });
        res.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/webhooks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (raw: string, deliveryId: string, secret = SECRET) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-signature': signatureHeader([secret], Math.floor(Date.now() / 1000), raw),
        'x-service-event': 'payment.succeeded',
        'x-service-delivery': deliveryId,
      },
      body: raw,
    });

  it('processes concurrent copies of one delivery once; the others are retried or acknowledged', async () => {
    const raw = JSON.stringify({ id: 'evt_http', type: 'payment.succeeded', data: { id: 'tx_http', status: 'succeeded' } });
    const answers = await Promise.all([1, 2, 3].map(() => send(raw, 'dlv_http')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const later = await send(raw, 'dlv_http');
    expect([later.status, await later.text()]).toEqual([200, 'duplicate']);
    expect(processed.map((e) => e.data.id)).toEqual(['tx_http']);
  });

  it('rejects a delivery signed with another secret, and processes nothing', async () => {
    const raw = JSON.stringify({ type: 'payment.succeeded', data: { id: 'tx_forged' } });
    const answer = await send(raw, 'dlv_forged', 'whsec_attacker');
    expect(answer.status).toBe(400);
    expect(processed.map((e) => e.data.id)).not.toContain('tx_forged');
  });
});
