import { DELIVERY_HEADER, JobIds, SIGNATURE_HEADER, verifySignature } from '@momo/contracts';
import { SecretBox } from '@momo/platform';
import { deleteQueueKeys, TEST_SECRETS_KEY, WebhookReceiver } from '@momo/testing';
import { DispatcherHarness } from '../testing/dispatcher-harness';

const EXPECTED_GAPS_S = [30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 21600];

/**
 * A delivery's life on a clock the test moves: the retry schedule, abandonment after twelve
 * attempts, replay, secret rotation, and recovery when Redis loses the jobs or a worker dies
 * mid-attempt. Real Postgres, Redis and HTTP receivers; no real hours.
 */
describe('webhook delivery lifecycle', () => {
  let harness: DispatcherHarness;
  let receiver: WebhookReceiver;
  /** A rejection nobody handles kills a dispatcher process (Node's default): none may happen. */
  const unhandled: unknown[] = [];
  const recordUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', recordUnhandled);
    receiver = await WebhookReceiver.start();
    harness = await DispatcherHarness.start({ WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback', WEBHOOK_SWEEP_GRACE_MS: '0' });
  });
  afterAll(async () => {
    process.off('unhandledRejection', recordUnhandled);
    await harness?.stop();
    await receiver?.close();
  });

  /** Moves the clock to the delivery's next attempt and lets the sweeper wake its job. */
  async function runNextAttempt(deliveryId: string, expectedAttempts: number) {
    const delivery = await harness.delivery(deliveryId);
    harness.clock.advanceTo(delivery.nextAttemptAt!);
    await harness.sweeper.sweep();
    return harness.waitForAttempts(deliveryId, expectedAttempts);
  }

  it('retries after 30 s, 1 min, 2 min, 4 min… capped at 6 h, abandons after 12, and can be replayed', async () => {
    const merchant = await harness.seedMerchant(receiver.url);
    receiver.respondWith = () => 503;
    const delivery = await harness.deliveryOfEvent(await harness.publishEvent(merchant));
    await harness.waitForAttempts(delivery.id, 1);
    for (let n = 2; n <= 12; n++) await runNextAttempt(delivery.id, n);

    const attempts = await harness.attempts(delivery.id);
    const gaps = attempts.slice(1).map((a, i) => (a.startedAt.getTime() - attempts[i].startedAt.getTime()) / 1000);
    expect(gaps).toEqual(EXPECTED_GAPS_S);
    expect(attempts.map((a) => a.statusCode)).toEqual(Array(12).fill(503));
    const abandoned = await harness.delivery(delivery.id);
    expect(abandoned).toMatchObject({ status: 'abandoned', attemptCount: 12, nextAttemptAt: null });

    // Nothing more happens to an abandoned delivery, however long we wait.
    harness.clock.advance(48 * 3_600_000);
    expect(await harness.sweeper.sweep()).toBe(0);
    await harness.waitForAllJobsToFinish();
    expect(await harness.attempts(delivery.id)).toHaveLength(12);
    expect(receiver.received.filter((r) => r.headers[DELIVERY_HEADER] === delivery.id)).toHaveLength(12);

    // A replay by hand: the merchant fixed the endpoint.
    receiver.respondWith = () => 200;
    const replayed = await harness.deliveryLog.replay(delivery.id, merchant.merchantId, 'test', harness.clock.now());
    expect(replayed).toMatchObject({ status: 'pending', roundStartedAfter: 12, replayCount: 1 });
    await harness.producer.add('deliver-webhook', { deliveryId: delivery.id, appId: merchant.appId, attempt: 13 }, { jobId: JobIds.webhookReplay(delivery.id, 1) });
    const [thirteenth] = (await harness.waitForAttempts(delivery.id, 13)).slice(12);
    expect(thirteenth).toMatchObject({ attemptNumber: 13, statusCode: 200, trigger: 'replay' });
    expect(await harness.delivery(delivery.id)).toMatchObject({ status: 'delivered', attemptCount: 13 });

    // Every attempt and the replay carried the same delivery id and the same bytes.
    const sent = receiver.received.filter((r) => r.headers[DELIVERY_HEADER] === delivery.id);
    expect(sent).toHaveLength(13);
    expect(new Set(sent.map((r) => r.rawBody.toString('utf8')))).toEqual(new Set([delivery.body]));
    for (const request of sent) {
      expect(verifySignature(request.headers[SIGNATURE_HEADER] as string, request.rawBody, merchant.webhookSecret)).toMatchObject({ ok: true });
    }
  });

  it('gives a replay a fresh round of twelve attempts', async () => {
    const merchant = await harness.seedMerchant(receiver.url);
    receiver.respondWith = () => 500;
    const delivery = await harness.deliveryOfEvent(await harness.publishEvent(merchant));
    await harness.waitForAttempts(delivery.id, 1);
    await harness.deliveryLog.replay(delivery.id, merchant.merchantId, 'test', harness.clock.now());
    await harness.producer.add('deliver-webhook', { deliveryId: delivery.id, appId: merchant.appId, attempt: 2 }, { jobId: JobIds.webhookReplay(delivery.id, 1) });
    await harness.waitForAttempts(delivery.id, 2);
    for (let n = 3; n <= 13; n++) await runNextAttempt(delivery.id, n);
    expect(await harness.delivery(delivery.id)).toMatchObject({ status: 'abandoned', attemptCount: 13, roundStartedAfter: 1 });
    const attempts = await harness.attempts(delivery.id);
    expect(attempts.map((a) => a.trigger)).toEqual(['schedule', 'replay', ...Array(11).fill('schedule')]);
  });

  it('signs with both secrets during a rotation window, and with the new one after it', async () => {
    const merchant = await harness.seedMerchant(receiver.url);
    receiver.respondWith = () => 200;
    const newSecret = 'whsec_rotated_secret_for_test';
    const box = new SecretBox(TEST_SECRETS_KEY);
    const now = new Date();
    await harness.apps.rotateWebhookSecret(merchant.appId, merchant.merchantId, 'test', box.seal(newSecret), new Date(now.getTime() + 3_600_000), now);

    const during = await harness.deliveryOfEvent(await harness.publishEvent(merchant));
    await harness.waitForAttempts(during.id, 1);
    const signed = receiver.received.find((r) => r.headers[DELIVERY_HEADER] === during.id)!;
    const header = signed.headers[SIGNATURE_HEADER] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(header, signed.rawBody, merchant.webhookSecret)).toMatchObject({ ok: true });
    expect(verifySignature(header, signed.rawBody, newSecret)).toMatchObject({ ok: true });

    // The window closes: only the new secret signs.
    await harness.db.dataSource.query(`UPDATE app_webhook_settings SET previous_secret_expires_at = now() - interval '1 second' WHERE app_id = $1 AND mode = 'test'`, [merchant.appId]);
    const after = await harness.deliveryOfEvent(await harness.publishEvent(merchant, 'payout.failed'));
    await harness.waitForAttempts(after.id, 1);
    const later = receiver.received.find((r) => r.headers[DELIVERY_HEADER] === after.id)!;
    const laterHeader = later.headers[SIGNATURE_HEADER] as string;
    expect(laterHeader.match(/v1=/g)).toHaveLength(1);
    expect(verifySignature(laterHeader, later.rawBody, newSecret)).toMatchObject({ ok: true });
    expect(verifySignature(laterHeader, later.rawBody, merchant.webhookSecret)).toEqual({ ok: false, reason: 'mismatch' });
    expect(JSON.parse(later.rawBody.toString('utf8')).type).toBe('payout.failed');
  });

  it('signs a live delivery only with the live secret and sends it to the live URL; a test rotation leaves live alone', async () => {
    const live = await WebhookReceiver.start();
    try {
      const merchant = await harness.seedMerchant(null, { webhookUrls: { test: receiver.url, live: live.url } });
      receiver.respondWith = () => 200;
      live.respondWith = () => 200;
      // A test-mode rotation (what a test key can do) opens a window in test only.
      const now = harness.clock.now();
      await harness.apps.rotateWebhookSecret(merchant.appId, merchant.merchantId, 'test', new SecretBox(TEST_SECRETS_KEY).seal('whsec_test_rotated'), new Date(now.getTime() + 3_600_000), now);

      const liveDelivery = await harness.deliveryOfEvent(await harness.publishEvent(merchant, 'payment.succeeded', { mode: 'live' }));
      const testDelivery = await harness.deliveryOfEvent(await harness.publishEvent(merchant, 'payment.succeeded', { mode: 'test' }));
      expect(await harness.waitForAttempts(liveDelivery.id, 1)).toMatchObject([{ url: live.url, statusCode: 200 }]);
      expect(await harness.waitForAttempts(testDelivery.id, 1)).toMatchObject([{ url: receiver.url, statusCode: 200 }]);

      const liveSent = live.received.find((r) => r.headers[DELIVERY_HEADER] === liveDelivery.id)!;
      const liveHeader = liveSent.headers[SIGNATURE_HEADER] as string;
      expect(liveHeader.match(/v1=/g)).toHaveLength(1);
      expect(verifySignature(liveHeader, liveSent.rawBody, merchant.webhookSecrets.live)).toMatchObject({ ok: true });
      expect(verifySignature(liveHeader, liveSent.rawBody, merchant.webhookSecrets.test)).toEqual({ ok: false, reason: 'mismatch' });
      expect(verifySignature(liveHeader, liveSent.rawBody, 'whsec_test_rotated')).toEqual({ ok: false, reason: 'mismatch' });
      expect(receiver.received.some((r) => r.headers[DELIVERY_HEADER] === liveDelivery.id)).toBe(false);

      const testSent = receiver.received.find((r) => r.headers[DELIVERY_HEADER] === testDelivery.id)!;
      const testHeader = testSent.headers[SIGNATURE_HEADER] as string;
      expect(verifySignature(testHeader, testSent.rawBody, 'whsec_test_rotated')).toMatchObject({ ok: true });
      expect(verifySignature(testHeader, testSent.rawBody, merchant.webhookSecrets.test)).toMatchObject({ ok: true });
      expect(verifySignature(testHeader, testSent.rawBody, merchant.webhookSecrets.live)).toEqual({ ok: false, reason: 'mismatch' });
    } finally {
      await live.close();
    }
  });

  it('creates no delivery for a mode without a webhook URL', async () => {
    const merchant = await harness.seedMerchant(null, { webhookUrls: { test: receiver.url, live: null } });
    const eventId = await harness.publishEvent(merchant, 'payment.succeeded', { mode: 'live' });
    const testDelivery = await harness.deliveryOfEvent(await harness.publishEvent(merchant));
    await harness.waitForAttempts(testDelivery.id, 1);
    expect(await harness.db.dataSource.query(`SELECT id FROM webhook_deliveries WHERE event_id = $1`, [eventId])).toEqual([]);
  });

  it("holds a disabled app's deliveries, pending and unattempted, and sends them once it is enabled again", async () => {
    const merchant = await harness.seedMerchant(receiver.url);
    receiver.respondWith = () => 500;
    const retrying = await harness.deliveryOfEvent(await harness.publishEvent(merchant));
    await harness.waitForAttempts(retrying.id, 1);
    await harness.setAppStatus(merchant.appId, 'disabled');

    // A new event while disabled: its delivery is kept, not attempted.
    const held = await harness.deliveryOfEvent(await harness.publishEvent(merchant));
    // The retry falls due, and a sweep (and the retry's own job) come and go: nothing is sent.
    harness.clock.advanceTo((await harness.delivery(retrying.id)).nextAttemptAt!);
    harness.clock.advance(3_600_000);
    expect(await harness.sweeper.sweep()).toBe(0);
    await harness.producer.add('deliver-webhook', { deliveryId: retrying.id, appId: merchant.appId, attempt: 2 }, { jobId: `${JobIds.webhookAttempt(retrying.id, 2)}.nudge` });
    await harness.waitForAllJobsToFinish();
    expect(await harness.attempts(held.id)).toHaveLength(0);
    expect(await harness.attempts(retrying.id)).toHaveLength(1);
    expect(await harness.delivery(held.id)).toMatchObject({ status: 'pending', attemptCount: 0 });
    expect(await harness.delivery(retrying.id)).toMatchObject({ status: 'pending', attemptCount: 1 });

    receiver.respondWith = () => 200;
    await harness.setAppStatus(merchant.appId, 'active');
    expect(await harness.sweeper.sweep()).toBe(2);
    expect(await harness.waitForAttempts(held.id, 1)).toMatchObject([{ attemptNumber: 1, statusCode: 200, url: receiver.url }]);
    expect((await harness.waitForAttempts(retrying.id, 2))[1]).toMatchObject({ attemptNumber: 2, statusCode: 200 });
    expect(await harness.delivery(held.id)).toMatchObject({ status: 'delivered' });
  });

  it('delivers what Redis forgot: the sweeper re-queues due deliveries whose job vanished', async () => {
    const merchant = await harness.seedMerchant(receiver.url);
    receiver.respondWith = () => 500;
    const failing = await harness.deliveryOfEvent(await harness.publishEvent(merchant));
    await harness.waitForAttempts(failing.id, 1);
    // A delivery row whose first job was never queued (a crash between the insert and the queue).
    const eventId = await harness.publishEvent(merchant, 'payment.succeeded', { queue: false });
    const event = await harness.db.dataSource.query(`SELECT transaction_id FROM outbox_events WHERE id = $1`, [eventId]);
    const { delivery: orphan } = await harness.webhooks.createDelivery(
      { eventId, appId: merchant.appId, transactionId: event[0].transaction_id, mode: 'test', eventType: 'payment.succeeded', url: receiver.url, body: '{"type":"payment.succeeded"}' },
      harness.clock.now(),
    );

    await deleteQueueKeys(harness.queuePrefix); // Redis loses everything
    receiver.respondWith = () => 200;
    harness.clock.advance(60_000);
    expect(await harness.sweeper.sweep()).toBe(2);
    const attempts = await harness.waitForAttempts(failing.id, 2);
    expect(attempts[1]).toMatchObject({ attemptNumber: 2, statusCode: 200 });
    expect(await harness.delivery(failing.id)).toMatchObject({ status: 'delivered' });
    expect(await harness.waitForAttempts(orphan.id, 1)).toMatchObject([{ attemptNumber: 1, statusCode: 200 }]);
    expect(receiver.received.find((r) => r.headers[DELIVERY_HEADER] === orphan.id)?.rawBody.toString()).toBe('{"type":"payment.succeeded"}');
  });

  it('picks up an attempt whose worker died holding it, once its lease runs out', async () => {
    const merchant = await harness.seedMerchant(receiver.url);
    receiver.respondWith = () => 500;
    const delivery = await harness.deliveryOfEvent(await harness.publishEvent(merchant));
    await harness.waitForAttempts(delivery.id, 1);
    harness.clock.advanceTo((await harness.delivery(delivery.id)).nextAttemptAt!);
    // A worker claims attempt 2 and dies before sending anything; its job is gone too.
    await deleteQueueKeys(harness.queuePrefix);
    const claim = await harness.webhooks.claimAttempt(delivery.id, 2, harness.clock.now(), new Date(harness.clock.now().getTime() + 90_000));
    expect(claim.claimed).toBe(true);

    receiver.respondWith = () => 200;
    expect(await harness.sweeper.sweep()).toBe(0); // still leased: the worker may be alive
    harness.clock.advance(90_000);
    expect(await harness.sweeper.sweep()).toBe(1);
    const attempts = await harness.waitForAttempts(delivery.id, 2);
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 200]);
  });

  it('makes an attempt once however many jobs ask for it', async () => {
    const merchant = await harness.seedMerchant(receiver.url);
    receiver.respondWith = () => 500;
    const delivery = await harness.deliveryOfEvent(await harness.publishEvent(merchant));
    await harness.waitForAttempts(delivery.id, 1);
    harness.clock.advanceTo((await harness.delivery(delivery.id)).nextAttemptAt!);
    receiver.respondWith = () => ({ status: 200, delayMs: 300 });
    // The scheduled job, a sweeper's wake-up and two replays' jobs all for attempt 2, at once.
    await Promise.all([
      harness.sweeper.sweep(),
      ...[1, 2, 3].map((k) =>
        harness.producer.add('deliver-webhook', { deliveryId: delivery.id, appId: merchant.appId, attempt: 2 }, { jobId: `${JobIds.webhookReplay(delivery.id, k)}.dup` }),
      ),
    ]);
    await harness.waitForAttempts(delivery.id, 2);
    await harness.waitForAllJobsToFinish();
    expect(await harness.attempts(delivery.id)).toHaveLength(2);
    expect(receiver.received.filter((r) => r.headers[DELIVERY_HEADER] === delivery.id)).toHaveLength(2);
    // The jobs that found the attempt leased were put back, without an unhandled rejection.
    expect(unhandled).toEqual([]);
  });

  it('does not let a slow endpoint hold up another app', async () => {
    const slowHarness = await DispatcherHarness.start({
      WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback',
      WEBHOOK_TIMEOUT_MS: '2000',
      DELIVERY_CONCURRENCY: '6',
      WEBHOOK_PER_APP_CONCURRENCY: '2',
    });
    const slow = await WebhookReceiver.start();
    slow.respondWith = () => ({ status: 200, delayMs: 10_000 });
    const fast = await WebhookReceiver.start();
    try {
      const slowMerchant = await slowHarness.seedMerchant(slow.url);
      const fastMerchant = await slowHarness.seedMerchant(fast.url);
      const slowEvents = await Promise.all(Array.from({ length: 20 }, () => slowHarness.publishEvent(slowMerchant)));
      await slowHarness.deliveryOfEvent(slowEvents[19]);
      const fastDelivery = await slowHarness.deliveryOfEvent(await slowHarness.publishEvent(fastMerchant));
      await slowHarness.waitForAttempts(fastDelivery.id, 1, 10_000);
      // The fast app got its answer while the slow app's first attempts were still waiting for theirs.
      const [{ count }] = (await slowHarness.db.dataSource.query(
        `SELECT count(*)::int AS count FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.app_id = $1`,
        [slowMerchant.appId],
      )) as { count: number }[];
      expect(count).toBe(0);
      expect(slow.received.length).toBeLessThanOrEqual(2);
      expect(fast.received).toHaveLength(1);
    } finally {
      await slowHarness.stop();
      await slow.close();
      await fast.close();
    }
  });
});
