import { Agent, request } from 'undici';
import { TestDnsServer, WebhookReceiver } from '@momo/testing';
import { createHostResolver } from './destination-resolver';
import { createPublicConnector, DestinationRefusedError } from './public-connector';

/**
 * The connector resolves once per connection and connects to the address it checked. A name
 * whose DNS answer changes between the check and the connection (rebinding) cannot redirect it.
 */
describe('public-destination connector', () => {
  let dns: TestDnsServer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    dns = await TestDnsServer.start();
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await dns.close();
  });

  const agentWith = (allowLoopback: boolean) =>
    new Agent({ connect: createPublicConnector({ policy: { allowLoopback }, resolver: createHostResolver([dns.address]), connectTimeoutMs: 2_000 }) });

  it('looks a name up once per connection and connects to the checked address', async () => {
    // First answer: loopback (allowed here, with the development allowance). Later answers: private.
    dns.setSequence('rebind.test', ['127.0.0.1'], ['10.0.0.1']);
    const agent = agentWith(true);
    const url = `http://rebind.test:${receiver.port}/hook`;
    const first = await request(url, { dispatcher: agent, method: 'POST', body: '{}' });
    await first.body.text();
    expect(first.statusCode).toBe(200);
    expect(dns.queriesFor('rebind.test')).toBe(2); // one lookup: A and AAAA
    // The kept-alive connection is reused (once undici has put it back): no new lookup, same checked address.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await request(url, { dispatcher: agent, method: 'POST', body: '{}' });
    await again.body.text();
    expect(dns.queriesFor('rebind.test')).toBe(2);
    await agent.close();

    // A new connection looks up again, gets the private answer, and is refused before connecting.
    const fresh = agentWith(true);
    await expect(request(url, { dispatcher: fresh, method: 'POST', body: '{}' })).rejects.toBeInstanceOf(DestinationRefusedError);
    expect(dns.queriesFor('rebind.test')).toBe(4);
    expect(receiver.received).toHaveLength(2);
    await fresh.close();
  });

  it('refuses loopback without the development allowance, naming why', async () => {
    dns.set('plain-loopback.test', '127.0.0.1');
    const agent = agentWith(false);
    const error = await request(`http://plain-loopback.test:${receiver.port}/hook`, { dispatcher: agent, method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DestinationRefusedError);
    expect((error as DestinationRefusedError).reason).toBe('host resolves to a private or reserved address');
    expect(receiver.received).toHaveLength(2);
    await agent.close();
  });

  it('refuses a name that does not resolve', async () => {
    const agent = agentWith(true);
    const error = await request(`http://nowhere.test:${receiver.port}/hook`, { dispatcher: agent }).catch((e: unknown) => e);
    expect((error as DestinationRefusedError).reason).toBe('host does not resolve');
    await agent.close();
  });
});
