import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { childEnvironment, startTestSystem, TestSystem, waitFor } from '@momo/testing';
import { createWebhookHandler, WebhookEvent } from '../index';

const SDK = join(__dirname, '..', '..');
const run = promisify(execFile);

/** The README's fenced blocks marked for the quick start, in order: ```sh quickstart, ```sh quickstart-background, ```js quickstart-file=name. */
function quickStartBlocks(): { kind: 'run' | 'background' | 'install' | 'file'; text: string; file?: string }[] {
  const readme = readFileSync(join(SDK, 'README.md'), 'utf8');
  return [...readme.matchAll(/```(\w+) (quickstart[\w=.-]*)\n([\s\S]*?)```/g)].map(([, , tag, text]) => {
    if (tag === 'quickstart') return { kind: 'run', text };
    if (tag === 'quickstart-background') return { kind: 'background', text };
    if (tag === 'quickstart-install') return { kind: 'install', text };
    const file = /^quickstart-file=(.+)$/.exec(tag)?.[1];
    if (!file) throw new Error(`unknown quick-start tag ${tag}`);
    return { kind: 'file', text, file };
  });
}

/**
 * The CLI as a developer uses it: the package built and packed as it would be published,
 * installed into an empty project, and run as `momo` against the whole running system. First the
 * README's quick start, verbatim; then every command.
 */
describe('momo CLI and the README quick start, against the running system', () => {
  let system: TestSystem;
  let work: string;
  let project: string;
  let home: string;
  let env: NodeJS.ProcessEnv;
  const background: ChildProcess[] = [];

  beforeAll(async () => {
    // Test mode settles every few seconds, so cash ins become available balance (withdrawals, payouts).
    system = await startTestSystem('sdk-cli', { env: { 'payments-core': { SETTLEMENT_TEST_EVERY_SECONDS: '5', SETTLEMENT_SCHEDULER_CHECK_MS: '1000' } } });
    await system.db.dataSource.query(`UPDATE merchants SET writes_per_minute = 1000000, reads_per_minute = 1000000`);
    work = mkdtempSync(join(tmpdir(), 'momo-sdk-'));
    project = join(work, 'project');
    home = join(work, 'home');
    mkdirSync(project);
    mkdirSync(home);
    env = childEnvironment({ HOME: home, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' });
    // Built and packed as it would be published, then installed with nothing but the tarball.
    await run(process.execPath, [join(SDK, 'scripts', 'build-package.js')]);
    const { stdout } = await run('npm', ['pack', SDK, '--pack-destination', work, '--json'], { env });
    const tarball = join(work, (JSON.parse(stdout) as { filename: string }[])[0].filename);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'shop', private: true }));
    await run('npm', ['install', '--offline', '--ignore-scripts', tarball], { cwd: project, env });
  });

  afterAll(async () => {
    for (const child of background) if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await system?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('runs the README quick start verbatim: install, login, a payment, a receiver, listen, trigger, a verified webhook', async () => {
    const quickEnv = { ...env, MOMO_BASE_URL: system.stack.url('api-gateway'), MOMO_TEST_KEY: system.merchant.appKey };
    const logs: { text: string }[] = [];
    for (const block of quickStartBlocks()) {
      const log = { text: '' };
      logs.push(log);
      if (block.kind === 'install') {
        // `npm install @momo/sdk` needs the registry; the packed package was installed above instead.
        expect(block.text.trim()).toBe('npm install @momo/sdk');
      } else if (block.kind === 'file') {
        writeFileSync(join(project, block.file!), block.text);
      } else if (block.kind === 'run') {
        const { stdout, stderr } = await run('bash', ['-eo', 'pipefail', '-c', block.text], { cwd: project, env: quickEnv, timeout: 90_000 });
        log.text = stdout + stderr;
      } else {
        const child = spawn('bash', ['-eo', 'pipefail', '-c', block.text], { cwd: project, env: quickEnv, detached: true });
        background.push(child);
        child.stdout!.on('data', (chunk: Buffer) => (log.text += chunk.toString()));
        child.stderr!.on('data', (chunk: Buffer) => (log.text += chunk.toString()));
        // A long-running step is ready once it says so (the receiver listens, listen is ready).
        await waitFor(() => (/Listening|Ready/.test(log.text) ? true : child.exitCode !== null ? Promise.reject(new Error(log.text)) : undefined), {
          timeoutMs: 30_000,
          what: `"${block.text.trim()}" to start`,
        });
      }
    }
    const all = () => logs.map((l) => l.text).join('\n');
    expect(all()).toMatch(/Logged in with an app key \(test mode\)/);
    expect(all()).toMatch(/status\s+succeeded/);
    const receiver = logs.find((l) => l.text.includes('Listening on http://localhost:4242/webhooks'))!;
    const verified = await waitFor(() => /verified payment\.succeeded for (\S+): succeeded/.exec(receiver.text) ?? undefined, { timeoutMs: 30_000, what: 'the receiver to verify the webhook' });
    // It is the transaction `momo trigger` made, forwarded by `momo listen` and answered 200.
    expect(logs[logs.length - 1].text).toContain(verified[1]);
    await waitFor(() => (/--> payment\.succeeded +\S+ +\[200 ok\]/.test(all()) ? true : undefined), { what: 'listen to report the forwarded event' });
    expect(all()).toMatch(/… payment \S+ is pending|… \S+ is succeeded/);
    const config = join(home, '.config', 'momo', 'config.json');
    expect(statSync(config).mode & 0o777).toBe(0o600);
  });

  describe('every command', () => {
    let configHome: string;
    const momo = async (args: string[], options: { key?: string } = {}) => {
      const result = await run(join(project, 'node_modules', '.bin', 'momo'), args, {
        env: { ...env, XDG_CONFIG_HOME: configHome, MOMO_BASE_URL: system.stack.url('api-gateway'), ...(options.key ? { MOMO_API_KEY: options.key } : {}) },
        timeout: 90_000,
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
      );
      const json = <T = Record<string, unknown>>(): T => {
        if (result.code) throw new Error(`momo ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
        return JSON.parse(result.stdout) as T;
      };
      return { ...result, json };
    };

    beforeAll(() => {
      configHome = join(work, 'xdg');
    });

    it('login: checks the key, keeps app and account keys apart in a 0600 file, refuses live keys unless --live', async () => {
      const live = await momo(['login', '--key', `sk_live_${'a'.repeat(40)}`]);
      expect(live.code).toBe(1);
      expect(live.stderr).toMatch(/live key.*--live/);
      const malformed = await momo(['login', '--key', 'hello']);
      expect([malformed.code, malformed.stderr]).toEqual([1, expect.stringMatching(/not an API key/)]);
      const unknown = await momo(['login', '--key', `sk_test_${'b'.repeat(40)}`]);
      expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringMatching(/UNAUTHENTICATED, HTTP 401/)]);

      expect((await momo(['login', '--key', system.merchant.appKey, '--json'])).json()).toMatchObject({ kind: 'app', mode: 'test' });
      expect((await momo(['login', '--key', system.merchant.accountKey])).stdout).toMatch(/Logged in with an account key/);
      const file = join(configHome, 'momo', 'config.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ appKey: system.merchant.appKey, accountKey: system.merchant.accountKey });
    });

    it('payments create, get, list; refunds create; payouts create; balance — friendly and --json', async () => {
      const created = (await momo(['payments', 'create', '--amount', '5000', '--msisdn', '0788123456', '--reference', 'cli-1', '--metadata', 'order=7', '--wait', '--json'])).json();
      expect(created).toMatchObject({ amount: 5000, status: 'succeeded', reference: 'cli-1', metadata: { order: '7' } });
      const got = await momo(['payments', 'get', created.id as string]);
      expect(got.stdout).toMatch(new RegExp(`id\\s+${created.id}`));
      expect(got.stdout).toMatch(/amount\s+5,000 RWF/);
      const listed = (await momo(['payments', 'list', '--reference', 'cli-1', '--json'])).json<{ id: string }[]>() ;
      expect(listed.map((t) => t.id)).toEqual([created.id]);
      expect((await momo(['payments', 'list', '--limit', '1', '--all'])).stdout).toContain(created.id as string);

      const refund = (await momo(['refunds', 'create', created.id as string, '--amount', '1000', '--reason', 'broken', '--json'])).json();
      expect(refund).toMatchObject({ reverses_payment_id: created.id, amount: 1000, direction: 'payout' });
      const payout = (await momo(['payouts', 'create', '--amount', '500', '--msisdn', '0788123456', '--wait', '--json'])).json();
      expect(payout).toMatchObject({ direction: 'payout', status: 'succeeded' });
      const balance = (await momo(['balance', '--json'])).json();
      expect(balance).toMatchObject({ currency: 'RWF', mode: 'test' });
      expect((await momo(['balance'])).stdout).toMatch(/available\s+[\d,]+ RWF/);
    });

    it('balance (available, pending, reserved), balance transactions, settlements list and get — friendly and --json', async () => {
      const paid = (await momo(['payments', 'create', '--amount', '8000', '--msisdn', '0788123456', '--reference', 'cli-settle', '--wait', '--json'])).json<{ id: string; amount: number; fee: number }>();
      const settlement = await waitFor(async () => {
        for (const s of (await momo(['settlements', 'list', '--all', '--json'])).json<{ id: string }[]>()) {
          const got = (await momo(['settlements', 'get', s.id, '--transactions', '--json'])).json<{ id: string; net: number; transactions: { id: string; net: number }[] }>();
          if (got.transactions.some((t) => t.id === paid.id)) return got;
        }
        return undefined;
      }, { timeoutMs: 30_000, intervalMs: 1000, what: 'a settlement covering the payment' });
      expect(settlement.transactions.reduce((sum, t) => sum + t.net, 0)).toBe(settlement.net);
      const listed = await momo(['settlements', 'list']);
      expect(listed.stdout).toMatch(/^ID\s+STATUS\s+PERIOD END\s+CASH INS\s+GROSS\s+FEES\s+NET/);
      expect(listed.stdout).toContain(settlement.id);
      const shown = (await momo(['settlements', 'get', settlement.id, '--transactions'])).stdout;
      expect(shown).toMatch(new RegExp(`id\\s+${settlement.id}`));
      expect(shown).toMatch(/status\s+completed/);
      expect(shown).toContain(paid.id);
      expect((await momo(['settlements', 'get', '00000000-0000-4000-8000-000000000000'])).stderr).toMatch(/HTTP 404/);

      const balance = (await momo(['balance', '--json'])).json<{ available: number; pending: number; reserved: number }>();
      expect(balance).toEqual({ available: expect.any(Number), pending: expect.any(Number), reserved: 0, currency: 'RWF', mode: 'test' });
      expect((await momo(['balance'])).stdout).toMatch(/available\s+[\d,]+ RWF\npending\s+[\d,]+ RWF\nreserved\s+0 RWF\nmode\s+test/);
      const moves = (await momo(['balance', 'transactions', '--type', 'settlement', '--all', '--json'])).json<{ type: string; settlement_id: string; transaction_id: string }[]>();
      expect(moves.every((m) => m.type === 'settlement')).toBe(true);
      expect(moves.find((m) => m.transaction_id === paid.id)).toMatchObject({ settlement_id: settlement.id });
      expect((await momo(['balance', 'transactions', '--limit', '5'])).stdout).toMatch(/^CREATED\s+TYPE\s+NET\s+AVAILABLE\s+PENDING\s+RESERVED\s+SOURCE/);
    });

    it('statements --from --to: friendly, --json, and --csv', async () => {
      const from = new Date(Date.now() - 3_600_000).toISOString();
      const to = new Date(Date.now() + 60_000).toISOString();
      const statement = (await momo(['statements', '--from', from, '--to', to, '--json'])).json<{ opening_balance: { total: number }; closing_balance: { total: number }; movements: { net: number }[] }>();
      expect(statement.opening_balance.total + statement.movements.reduce((sum, m) => sum + m.net, 0)).toBe(statement.closing_balance.total);
      const friendly = (await momo(['statements', '--from', from, '--to', to])).stdout;
      expect(friendly).toMatch(/opening\s+available [\d,]+ RWF, pending [\d,]+ RWF, reserved [\d,]+ RWF, total [\d,]+ RWF/);
      expect(friendly).toMatch(new RegExp(`movements\\s+${statement.movements.length}\\n`));
      const csv = (await momo(['statements', '--from', from, '--to', to, '--csv'])).stdout.trim().split(/\r?\n/);
      expect(csv[0]).toMatch(/(^|,)type(,|$)/);
      expect(csv[1]).toContain('opening_balance');
      expect(csv[csv.length - 1]).toContain('closing_balance');
      expect(csv).toHaveLength(statement.movements.length + 3);
      const missing = await momo(['statements', '--from', from]);
      expect([missing.code, missing.stderr]).toEqual([1, expect.stringMatching(/--to is required/)]);
    });

    it('settlement-wallet get and set (account key); withdrawals create moves available balance once per --idempotency-key', async () => {
      const none = await momo(['settlement-wallet', 'get']);
      expect([none.code, none.stderr]).toEqual([1, expect.stringMatching(/HTTP 404/)]);
      const set = await momo(['settlement-wallet', 'set', '--msisdn', '0788000321']);
      expect(set.stdout).toMatch(/msisdn\s+250788000321\nnetwork\s+mtn\nmode\s+test/);
      expect((await momo(['settlement-wallet', 'get', '--json'])).json()).toMatchObject({ msisdn: '250788000321', network: 'mtn', mode: 'test' });
      expect((await momo(['settlement-wallet', 'set', '--msisdn', '0788000321'], { key: system.merchant.appKey })).stderr).toMatch(/HTTP 403/);

      const before = (await momo(['balance', '--json'])).json<{ available: number }>();
      const args = ['withdrawals', 'create', '--amount', '1500', '--reference', 'cli-withdrawal', '--idempotency-key', 'cli-withdrawal-1'];
      const created = await momo([...args, '--wait']);
      expect(created.stdout).toMatch(/status\s+succeeded/);
      expect(created.stdout).toMatch(/amount\s+1,500 RWF/);
      expect(created.stdout).toMatch(/msisdn\s+250788000321/);
      const replayed = (await momo([...args, '--json'])).json<{ id: string; fee: number }>();
      expect(created.stdout).toContain(replayed.id);
      expect((await momo(['payments', 'list', '--reference', 'cli-withdrawal', '--json'])).json<unknown[]>()).toHaveLength(1);
      expect((await momo(['balance', '--json'])).json<{ available: number }>().available).toBe(before.available - 1500 - replayed.fee);
      const tooMuch = await momo(['withdrawals', 'create', '--amount', '900000000']);
      expect([tooMuch.code, tooMuch.stderr]).toEqual([1, expect.stringMatching(/INSUFFICIENT_BALANCE, HTTP 409/)]);
    });

    it('says clearly what went wrong, with the code and request id, and exits non-zero', async () => {
      const tooMuch = await momo(['payouts', 'create', '--amount', '900000000', '--msisdn', '0788123456']);
      expect(tooMuch.code).toBe(1);
      expect(tooMuch.stderr).toMatch(/^Error: .*balance.* \(INSUFFICIENT_BALANCE, HTTP 409, request [0-9a-f-]{36}\)/m);
      const invalid = await momo(['payments', 'create', '--amount', '50', '--msisdn', '0788123456', '--json']);
      expect(invalid.code).toBe(1);
      expect(JSON.parse(invalid.stderr)).toMatchObject({ error: { status: 400, code: 'VALIDATION_FAILED', details: { fields: { amount: expect.any(Array) } } } });
      const usage = await momo(['payments', 'create', '--amount', '1000', '--colour', 'red']);
      expect([usage.code, usage.stderr]).toEqual([2, expect.stringMatching(/Unknown option '--colour'[\s\S]*Usage: momo payments create/)]);
      expect((await momo(['teleport'])).code).toBe(2);
      expect((await momo(['apps', 'list'], { key: system.merchant.appKey })).stderr).toMatch(/APP_KEY_NOT_ALLOWED, HTTP 403/);
    });

    it('apps create, list, get, update (account key)', async () => {
      const created = (await momo(['apps', 'create', '--name', 'CLI shop', '--json'])).json();
      expect(created).toMatchObject({ name: 'CLI shop', keys: { test: expect.stringMatching(/^sk_test_/) }, webhook_secret: expect.stringMatching(/^whsec_/) });
      expect((await momo(['apps', 'list'])).stdout).toMatch(/CLI shop/);
      expect((await momo(['apps', 'get', created.id as string, '--json'])).json()).toMatchObject({ id: created.id, status: 'active' });
      expect((await momo(['apps', 'update', created.id as string, '--no-webhook-url', '--json'])).json()).toMatchObject({ id: created.id, webhook_url: null });
      // Disabling or renaming affects live traffic: a test account key is refused, with the reason.
      const disable = await momo(['apps', 'update', created.id as string, '--disable']);
      expect([disable.code, disable.stderr]).toEqual([1, expect.stringMatching(/LIVE_KEY_REQUIRED, HTTP 403/)]);
    });

    it.each([
      ['payment.succeeded', 'succeeded', 'collect'],
      ['payment.failed', 'failed', 'collect'],
      ['payout.succeeded', 'succeeded', 'payout'],
      ['payout.failed', 'failed', 'payout'],
    ])('trigger %s makes a test transaction that ends that way, and events list/get show its event', async (type, status, direction) => {
      const triggered = await momo(['trigger', type, '--json']);
      expect(triggered.code).toBe(0);
      const result = triggered.json<{ event_type: string; event_id: string; transaction: { id: string; status: string; direction: string } }>();
      expect(result).toMatchObject({ event_type: type, transaction: { status, direction } });
      expect(triggered.stderr).toBe('');
      const events = (await momo(['events', 'list', '--type', type, '--json'])).json<WebhookEvent[]>();
      expect(events.map((e) => e.id)).toContain(result.event_id);
      expect((await momo(['events', 'get', result.event_id, '--json'])).json()).toMatchObject({ id: result.event_id, type, data: { id: result.transaction.id, status } });
    });

    it('refuses to trigger with a live key', async () => {
      const refused = await momo(['trigger', 'payment.succeeded'], { key: `sk_live_${'c'.repeat(40)}` });
      expect([refused.code, refused.stderr]).toEqual([1, expect.stringMatching(/test transactions only/)]);
    });

    it('listen forwards only new events, signed with its local secret, to a local receiver that verifies them', async () => {
      const secret = (await momo(['listen', '--print-secret'])).stdout.trim();
      expect(secret).toMatch(/^whsec_/);
      expect((await momo(['listen', '--print-secret'])).stdout.trim()).toBe(secret);

      const received: WebhookEvent[] = [];
      const handle = createWebhookHandler({ secrets: secret, onEvent: async (event) => void received.push(event) });
      const server: Server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', async () => {
          const reply = await handle({ rawBody: Buffer.concat(chunks), headers: req.headers });
          res.writeHead(reply.status).end(reply.body);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
      const before = (await momo(['events', 'list', '--json'])).json<WebhookEvent[]>();

      const listen = spawn(join(project, 'node_modules', '.bin', 'momo'), ['listen', '--forward-to', url, '--interval', '200', '--json'], {
        env: { ...env, XDG_CONFIG_HOME: configHome, MOMO_BASE_URL: system.stack.url('api-gateway') },
        detached: true,
      });
      background.push(listen);
      let out = '';
      let err = '';
      listen.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      listen.stderr!.on('data', (c: Buffer) => (err += c.toString()));
      try {
        // With --json, stdout is JSON lines: first the ready line (with the secret), then one per forwarded event.
        await waitFor(() => (out.includes('"ready":true') ? true : undefined), { timeoutMs: 20_000, what: `listen to start (${err})` });
        expect(JSON.parse(out.split('\n')[0])).toEqual({ ready: true, mode: 'test', forward_to: url, secret });
        const triggered = (await momo(['trigger', 'payment.failed', '--json'])).json<{ event_id: string; transaction: { id: string } }>();
        await waitFor(() => (received.length > 0 ? true : undefined), { timeoutMs: 20_000, what: 'the forwarded event' });
        await new Promise((resolve) => setTimeout(resolve, 600)); // a few more polls: nothing else may arrive
        expect(received.map((e) => [e.id, e.type, e.data.id])).toEqual([[triggered.event_id, 'payment.failed', triggered.transaction.id]]);
        expect(before.length).toBeGreaterThan(0);
        expect(received.filter((e) => before.some((b) => b.id === e.id))).toEqual([]);
        const line = JSON.parse(out.trim().split('\n')[1]) as Record<string, unknown>;
        expect(line).toMatchObject({ event_id: triggered.event_id, type: 'payment.failed', status: 200 });
      } finally {
        process.kill(-listen.pid!, 'SIGINT');
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await waitFor(() => (listen.exitCode !== null ? true : undefined), { timeoutMs: 5000, what: 'listen to stop on Ctrl-C' });
      expect(listen.exitCode).toBe(0);
    });
  });
});
