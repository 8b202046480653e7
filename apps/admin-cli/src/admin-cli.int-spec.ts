import Redis from 'ioredis';
import { authInvalidationChannel } from '@momo/contracts';
import { hashApiKey } from '@momo/domain';
import { createTestDatabase, runAdminCli, seedMerchant, TEST_API_KEY_PEPPER, TEST_REDIS_URL, TestDatabase, uniqueQueuePrefix } from '@momo/testing';

/** The compiled CLI, run as an operator runs it, against a real database and Redis. */
describe('admin-cli merchant and key commands', () => {
  let db: TestDatabase;
  const queuePrefix = uniqueQueuePrefix('cli');
  const cli = (...args: string[]) => runAdminCli(args, { databaseUrl: db.url, queuePrefix });
  const json = async (...args: string[]) => {
    const result = await cli(...args, '--json');
    if (result.status !== 0) throw new Error(`admin-cli ${args.join(' ')} failed: ${result.stderr}`);
    return JSON.parse(result.stdout);
  };
  const merchantRow = async (id: string) => (await db.dataSource.query(`SELECT * FROM merchants WHERE id = $1`, [id]))[0];
  const keyRow = async (id: string) => (await db.dataSource.query(`SELECT * FROM api_keys WHERE id = $1`, [id]))[0];

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('creates a merchant with an account key stored only as its hash', async () => {
    const created = await json('merchant', 'create', '--name', 'Kigali Books');
    expect(created.account_key).toMatch(/^ak_test_[0-9A-Za-z]{40}$/);
    const row = await merchantRow(created.merchant_id);
    expect(row).toMatchObject({ name: 'Kigali Books', status: 'active', business_verified: false });
    const [key] = await db.dataSource.query(`SELECT * FROM api_keys WHERE merchant_id = $1`, [created.merchant_id]);
    expect(key).toMatchObject({ kind: 'account', mode: 'test', key_hash: hashApiKey(created.account_key, TEST_API_KEY_PEPPER) });
    expect(JSON.stringify(key)).not.toContain(created.account_key);
    const listed = await json('merchant', 'list');
    expect(listed.map((m: { id: string }) => m.id)).toContain(created.merchant_id);
  });

  it('verifies, suspends and reactivates, telling the gateways each time', async () => {
    const merchant = await seedMerchant(db.dataSource);
    const subscriber = new Redis(TEST_REDIS_URL);
    const messages: string[] = [];
    await subscriber.subscribe(authInvalidationChannel(queuePrefix));
    subscriber.on('message', (_channel: string, message: string) => messages.push(message));
    try {
      expect((await json('merchant', 'verify', merchant.merchantId)).business_verified).toBe(true);
      expect((await json('merchant', 'suspend', merchant.merchantId)).status).toBe('suspended');
      expect((await merchantRow(merchant.merchantId)).status).toBe('suspended');
      expect((await json('merchant', 'activate', merchant.merchantId)).status).toBe('active');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(messages).toHaveLength(3);
      expect(JSON.parse(messages[1])).toEqual({ reason: 'merchant suspend', merchantId: merchant.merchantId });
    } finally {
      subscriber.disconnect();
    }
  });

  it('sets and resets budgets and fees, refusing bad values', async () => {
    const merchant = await seedMerchant(db.dataSource);
    await json('merchant', 'budgets', merchant.merchantId, '--reads', '1200', '--writes', '240');
    expect(await merchantRow(merchant.merchantId)).toMatchObject({ reads_per_minute: 1200, writes_per_minute: 240 });
    await json('merchant', 'budgets', merchant.merchantId, '--writes', 'default');
    expect(await merchantRow(merchant.merchantId)).toMatchObject({ reads_per_minute: 1200, writes_per_minute: null });

    await json('merchant', 'fees', merchant.merchantId, '--direction', 'collect', '--percent', '1.25', '--min', '10', '--max', '5000');
    expect((await merchantRow(merchant.merchantId)).fee_schedule).toEqual({
      collect: { percentBps: 125, fixed: 0, min: 10, max: 5000 },
      payout: { percentBps: 100, fixed: 0, min: 50, max: null },
    });
    const bad = await cli('merchant', 'fees', merchant.merchantId, '--direction', 'payout', '--percent', '2', '--min', '100', '--max', '10');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/max must be/);
    await json('merchant', 'fees', merchant.merchantId, '--reset');
    expect((await merchantRow(merchant.merchantId)).fee_schedule).toBeNull();

    const zero = await cli('merchant', 'budgets', merchant.merchantId, '--reads', '0');
    expect(zero.status).toBe(1);
    const unknown = await cli('merchant', 'verify', '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/no merchant/);
  });

  it('issues, lists, revokes and rotates keys', async () => {
    const merchant = await seedMerchant(db.dataSource);
    const appKey = await json('key', 'issue', '--merchant', merchant.merchantId, '--kind', 'app', '--app', merchant.appId, '--mode', 'live');
    expect(appKey.key).toMatch(/^sk_live_/);
    expect(await keyRow(appKey.key_id)).toMatchObject({ kind: 'app', mode: 'live', app_id: merchant.appId, key_hash: hashApiKey(appKey.key, TEST_API_KEY_PEPPER) });
    expect((await cli('key', 'issue', '--merchant', merchant.merchantId, '--kind', 'app')).status).toBe(1);

    const rotated = await json('key', 'rotate', appKey.key_id, '--grace', '3600');
    expect(rotated.key).toMatch(/^sk_live_/);
    const old = await keyRow(appKey.key_id);
    expect(old.revoked_at).toBeNull();
    expect(new Date(old.expires_at).getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    expect(await keyRow(rotated.key_id)).toMatchObject({ kind: 'app', mode: 'live', app_id: merchant.appId, expires_at: null });

    await json('key', 'revoke', rotated.key_id);
    expect((await keyRow(rotated.key_id)).revoked_at).not.toBeNull();
    expect((await cli('key', 'rotate', rotated.key_id)).status).toBe(1);

    const listed = await json('key', 'list', '--merchant', merchant.merchantId);
    const states = Object.fromEntries(listed.map((k: { id: string; state: string }) => [k.id, k.state]));
    expect(states[rotated.key_id]).toBe('revoked');
    expect(states[appKey.key_id]).toBe('expires');
    expect(JSON.stringify(listed)).not.toContain(appKey.key);
  });
});
