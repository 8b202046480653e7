import { randomUUID } from 'node:crypto';
import { createTestDatabase, seedMerchant, TestDatabase } from '@momo/testing';
import { IdempotencyRepository } from './idempotency.repository';

describe('IdempotencyRepository against Postgres', () => {
  let db: TestDatabase;
  let repo: IdempotencyRepository;
  let apiKeyId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    repo = new IdempotencyRepository(db.dataSource);
    const merchant = await seedMerchant(db.dataSource);
    [{ id: apiKeyId }] = await db.dataSource.query(`SELECT id FROM api_keys WHERE merchant_id = $1 AND kind = 'app'`, [merchant.merchantId]);
  });
  afterAll(() => db.drop());

  const claim = (key: string, requestHash = 'h1', leaseMs = 60_000, transactionId: string = randomUUID()) =>
    repo.claim({ apiKeyId, key, requestHash, transactionId, leaseMs, retentionHours: 24 });

  it('lets exactly one of many concurrent claims of a key win', async () => {
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(key)));
    expect(results.filter((r) => r.kind === 'claimed')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'in_progress')).toHaveLength(19);
  });

  it('claims keys arriving together each for its own request, an expired one afresh, a completed one as a replay', async () => {
    const expired = randomUUID();
    await claim(expired, 'old body');
    await db.dataSource.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, [expired]);
    const done = randomUUID();
    await claim(done);
    await repo.complete({ apiKeyId, key: done }, { status: 201, body: '{"done":true}', sealed: false });
    const fresh = Array.from({ length: 10 }, () => ({ key: randomUUID(), transactionId: randomUUID() }));

    const results = await Promise.all([
      ...fresh.map(({ key, transactionId }) => claim(key, 'h1', 60_000, transactionId)),
      claim(expired, 'new body'),
      claim(done),
    ]);
    expect(results.slice(0, 10)).toEqual(fresh.map(({ transactionId }) => ({ kind: 'claimed', transactionId, attempt: 1 })));
    expect(results[10]).toMatchObject({ kind: 'claimed', attempt: 1 });
    expect(results[11]).toEqual({ kind: 'replay', response: { status: 201, body: '{"done":true}', sealed: false } });
  });

  it('replays a completed answer and refuses another body', async () => {
    const key = randomUUID();
    expect(await claim(key)).toMatchObject({ kind: 'claimed', attempt: 1 });
    await repo.complete({ apiKeyId, key }, { status: 201, body: '{"b":1,"a":2}', sealed: false });
    expect(await claim(key)).toEqual({ kind: 'replay', response: { status: 201, body: '{"b":1,"a":2}', sealed: false } });
    expect(await claim(key, 'other')).toEqual({ kind: 'mismatch' });
  });

  it('stores answers finishing together in one go, each under its own key, a bad one failing alone', async () => {
    const keys = Array.from({ length: 12 }, () => randomUUID());
    for (const key of keys) await claim(key);
    const outcomes = await Promise.allSettled(
      keys.map((key, i) => repo.complete({ apiKeyId, key }, { status: i === 5 ? 2 ** 40 : 201, body: `{"n":${i}}`, sealed: false })),
    );
    expect(outcomes.map((o) => o.status)).toEqual(keys.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')));
    for (const [i, key] of keys.entries()) {
      if (i === 5) expect(await claim(key)).toEqual({ kind: 'in_progress' });
      else expect(await claim(key)).toEqual({ kind: 'replay', response: { status: 201, body: `{"n":${i}}`, sealed: false } });
    }
  });

  it('keeps the first of two answers to one key stored at the same moment', async () => {
    const key = randomUUID();
    await claim(key);
    await Promise.all([
      repo.complete({ apiKeyId, key }, { status: 201, body: '{"first":true}', sealed: false }),
      repo.complete({ apiKeyId, key }, { status: 201, body: '{"second":true}', sealed: false }),
    ]);
    expect(await claim(key)).toEqual({ kind: 'replay', response: { status: 201, body: '{"first":true}', sealed: false } });
  });

  it('hands a released or abandoned claim to the retry, keeping or replacing its transaction id', async () => {
    const key = randomUUID();
    const first = await claim(key, 'h1', 60_000);
    if (first.kind !== 'claimed') throw new Error('not claimed');
    await repo.release({ apiKeyId, key });
    expect(await claim(key)).toEqual({ kind: 'claimed', transactionId: first.transactionId, attempt: 2 });
    const fresh = randomUUID();
    await repo.release({ apiKeyId, key }, fresh);
    expect(await claim(key)).toEqual({ kind: 'claimed', transactionId: fresh, attempt: 3 });

    const abandoned = randomUUID();
    const dying = await claim(abandoned, 'h1', 60_000);
    expect(await claim(abandoned)).toEqual({ kind: 'in_progress' });
    // Its owner died: the lease runs out (moved into the past here, not waited for, so a busy machine cannot make it run out early).
    await db.dataSource.query(`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = $1`, [abandoned]);
    expect(await claim(abandoned)).toMatchObject({ kind: 'claimed', attempt: 2, transactionId: (dying as { transactionId: string }).transactionId });
  });

  it('lets a request take over a key left by another only before its `takeOverBefore`; its own claim at any time', async () => {
    const key = randomUUID();
    const mine = randomUUID();
    await claim(key, 'h1', 60_000, mine);
    await repo.release({ apiKeyId, key }, randomUUID());
    const past = new Date(Date.now() - 1_000);
    const late = { apiKeyId, key, requestHash: 'h1', leaseMs: 60_000, retentionHours: 24, takeOverBefore: past };
    expect(await repo.claim({ ...late, transactionId: mine })).toEqual({ kind: 'in_progress' });
    expect(await db.dataSource.query(`SELECT attempts FROM idempotency_keys WHERE key = $1`, [key])).toEqual([{ attempts: 1 }]);
    const live = await repo.claim({ ...late, transactionId: randomUUID(), takeOverBefore: new Date(Date.now() + 60_000) });
    expect(live).toMatchObject({ kind: 'claimed', attempt: 2 });

    const own = randomUUID();
    const ownKey = randomUUID();
    await claim(ownKey, 'h1', 60_000, own);
    expect(await repo.claim({ ...late, key: ownKey, transactionId: own })).toEqual({ kind: 'claimed', transactionId: own, attempt: 1 });
  });

  it('lets the request that made a claim find it again as its own; any other request finds the key in progress', async () => {
    const key = randomUUID();
    const mine = randomUUID();
    await claim(key, 'h1', 60_000, mine);
    expect(await claim(key, 'h1', 60_000, mine)).toEqual({ kind: 'claimed', transactionId: mine, attempt: 1 });
    expect(await claim(key)).toEqual({ kind: 'in_progress' });
  });

  it("leaves a key whose request gave up waiting to the retry, claiming it released for the request's transaction if nothing had", async () => {
    const request = (key: string, transactionId: string) => ({ apiKeyId, key, requestHash: 'h1', transactionId, leaseMs: 60_000, retentionHours: 24 });
    // Not claimed yet (the command still queued): the key now stands for the request's transaction, held by nobody.
    const queued = randomUUID();
    const queuedTx = randomUUID();
    expect(await repo.releaseForRetry(request(queued, queuedTx))).toBe(queuedTx);
    expect(await claim(queued)).toEqual({ kind: 'claimed', transactionId: queuedTx, attempt: 2 });
    // ...and the late command goes on with it as its own.
    expect(await repo.claim(request(queued, queuedTx))).toEqual({ kind: 'claimed', transactionId: queuedTx, attempt: 2 });
    // The late command before the retry: it goes on without taking the lease, so the retry still takes over.
    const late = randomUUID();
    const lateTx = randomUUID();
    await repo.releaseForRetry(request(late, lateTx));
    expect(await repo.claim(request(late, lateTx))).toEqual({ kind: 'claimed', transactionId: lateTx, attempt: 1 });
    expect(await claim(late)).toEqual({ kind: 'claimed', transactionId: lateTx, attempt: 2 });

    // Claimed by the command: released at once.
    const claimedKey = randomUUID();
    const claimedTx = randomUUID();
    await claim(claimedKey, 'h1', 60_000, claimedTx);
    expect(await repo.releaseForRetry(request(claimedKey, claimedTx))).toBe(claimedTx);
    expect(await claim(claimedKey)).toMatchObject({ kind: 'claimed', transactionId: claimedTx, attempt: 2 });

    // Held for an earlier request's transaction: left held; the answer names that transaction.
    const earlier = randomUUID();
    const earlierTx = randomUUID();
    await claim(earlier, 'h1', 60_000, earlierTx);
    expect(await repo.releaseForRetry(request(earlier, randomUUID()))).toBe(earlierTx);
    expect(await claim(earlier)).toEqual({ kind: 'in_progress' });
  });

  it('forgets records past their retention', async () => {
    const key = randomUUID();
    await claim(key);
    await repo.complete({ apiKeyId, key }, { status: 201, body: '{}', sealed: false });
    await db.dataSource.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
    expect(await claim(key, 'new body')).toMatchObject({ kind: 'claimed', attempt: 1 });
    await db.dataSource.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
    expect(await repo.purgeExpired(100)).toBeGreaterThanOrEqual(1);
    const [{ n }] = await db.dataSource.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1`, [key]);
    expect(n).toBe(0);
  });
});
