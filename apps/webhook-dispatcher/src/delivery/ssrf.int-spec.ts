import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { connect, Socket } from 'node:net';
import { ConnectionRecorder, SeededMerchant, TestDnsServer, waitFor } from '@momo/testing';
import { DispatcherHarness } from '../testing/dispatcher-harness';

/**
 * The dispatcher as a way into our network: every hostile destination is refused and never
 * connected to. Names resolve through a real DNS server run here; every URL points at the port
 * of a listener on 127.0.0.1 and [::1] that records connections, and every TCP connection this
 * process starts is recorded too. The local-destination allowance is off, as in production.
 */
describe('webhook destinations an attacker would pick', () => {
  const NAMED: [string, string[]][] = [
    ['loopback', ['127.0.0.1']],
    ['loopback-range', ['127.8.9.10']],
    ['ipv6-loopback', ['::1']],
    ['private-10', ['10.0.0.1']],
    ['private-10-high', ['10.255.255.254']],
    ['private-172-16', ['172.16.0.1']],
    ['private-172-31', ['172.31.255.254']],
    ['private-192-168', ['192.168.1.1']],
    ['cloud-metadata', ['169.254.169.254']],
    ['link-local', ['169.254.10.20']],
    ['carrier-grade-nat', ['100.64.0.1']],
    ['carrier-grade-nat-high', ['100.127.255.254']],
    ['unspecified', ['0.0.0.0']],
    ['ipv6-unspecified', ['::']],
    ['mapped-loopback', ['::ffff:127.0.0.1']],
    ['mapped-private', ['::ffff:10.1.2.3']],
    ['mapped-metadata', ['::ffff:169.254.169.254']],
    ['ipv6-link-local', ['fe80::1']],
    ['ipv6-unique-local', ['fd00:ec2::254']],
    ['ipv6-unique-local-fc', ['fc00::1']],
    ['multicast', ['224.0.0.1']],
    ['ipv6-multicast', ['ff02::1']],
    ['broadcast', ['255.255.255.255']],
    ['documentation-1', ['192.0.2.10']],
    ['documentation-2', ['198.51.100.7']],
    ['documentation-3', ['203.0.113.5']],
    ['ipv6-documentation', ['2001:db8::1']],
    ['reserved', ['240.0.0.1']],
    ['benchmarking', ['198.18.0.1']],
    ['nat64-of-loopback', ['64:ff9b::7f00:1']],
    ['6to4-of-loopback', ['2002:7f00:1::1']],
    ['public-then-private', ['93.184.216.34', '10.0.0.1']],
    ['public-then-loopback', ['8.8.8.8', '127.0.0.1']],
    ['public-v4-then-private-v6', ['1.1.1.1', 'fd12:3456::1']],
    ['localhost', ['127.0.0.1', '::1']],
  ];

  /** Literal addresses, in the notations a URL parser or resolver might accept. */
  const LITERALS = [
    '127.0.0.1',
    '2130706433', // decimal
    '017700000001', // octal, whole
    '0177.0.0.1', // octal, dotted
    '0x7f.0.0.1', // hex
    '0x7f000001',
    '127.1', // short form
    '0', // 0.0.0.0
    '[::1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:a9fe:a9fe]', // mapped metadata
    '169.254.169.254',
    '0xa9fea9fe', // metadata in hex
    '10.0.0.1',
    '[fd00::1]',
  ];

  let harness: DispatcherHarness;
  let dns: TestDnsServer;
  let recorder: ConnectionRecorder;
  let merchant: SeededMerchant;
  const outgoing: { ip: string; port: number }[] = [];
  const onSocket = (message: unknown) => {
    (message as { socket: Socket }).socket.on('connectionAttempt', (ip: string, port: number) => outgoing.push({ ip, port }));
  };

  beforeAll(async () => {
    dns = await TestDnsServer.start();
    for (const [label, addresses] of NAMED) dns.set(label === 'localhost' ? 'localhost' : `${label}.ssrf.test`, ...addresses);
    recorder = await ConnectionRecorder.start();
    harness = await DispatcherHarness.start({ WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'off', WEBHOOK_DNS_SERVERS: dns.address });
    merchant = await harness.seedMerchant(null);
    subscribe('net.client.socket', onSocket);
  });

  afterAll(async () => {
    unsubscribe('net.client.socket', onSocket);
    await harness?.stop();
    await recorder?.close();
    await dns?.close();
  });

  /** Host part and scheme of every destination in the table; the port is the recorder's. */
  const TABLE: [scheme: string, host: string][] = [
    ...NAMED.map(([label]): [string, string] => ['https', label === 'localhost' ? 'localhost' : `${label}.ssrf.test`]),
    ...LITERALS.map((host): [string, string] => ['https', host]),
    ['http', 'public-then-private.ssrf.test'], // plain http is refused before any lookup
  ];
  const urlOf = (scheme: string, host: string) => `${scheme}://${host}:${recorder.port}/hook`;
  const attempts = new Map<string, { error: string | null; statusCode: number | null }>();

  beforeAll(async () => {
    const deliveries = await Promise.all(
      TABLE.map(async ([scheme, host]) => {
        const app = await harness.addApp(merchant, urlOf(scheme, host));
        const delivery = await harness.deliveryOfEvent(await harness.publishEvent({ merchantId: merchant.merchantId, appId: app.appId }));
        return { key: `${scheme}://${host}`, delivery };
      }),
    );
    for (const { key, delivery } of deliveries) {
      const [attempt] = await harness.waitForAttempts(delivery.id, 1, 20_000);
      attempts.set(key, attempt);
    }
  });

  it('has at least 30 hostile destinations', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(TABLE)('refuses %s://%s', (scheme, host) => {
    const attempt = attempts.get(`${scheme}://${host}`)!;
    expect(attempt.statusCode).toBeNull();
    expect(attempt.error).toMatch(/^destination refused: /);
  });

  it('connected to none of them, and keeps them for a later attempt like any failure', async () => {
    expect(recorder.connections).toEqual([]);
    expect(outgoing.filter((o) => o.port === recorder.port)).toEqual([]);
    const pending = await harness.db.dataSource.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending' AND attempt_count = 1`);
    expect(pending[0].n).toBe(TABLE.length);
    // The check is on the resolved addresses: the names were looked up.
    expect(dns.queriesFor('cloud-metadata.ssrf.test')).toBeGreaterThan(0);
    expect(dns.queriesFor('public-then-private.ssrf.test')).toBeGreaterThan(0);
  });

  it('would have seen a connection: both recorders work', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: recorder.port }, () => resolve());
      socket.on('error', () => resolve());
    });
    await waitFor(() => (recorder.connections.length > 0 ? true : undefined), { what: 'the recorder to see the control connection' });
    expect(outgoing.filter((o) => o.port === recorder.port)).toEqual([{ ip: '127.0.0.1', port: recorder.port }]);
  });
});
