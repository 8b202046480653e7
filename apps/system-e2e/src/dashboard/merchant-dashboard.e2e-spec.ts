import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TransactionView } from '@momo/contracts';
import { MerchantsRepository } from '@momo/data';
import { generateApiKey, hashApiKey, keyHint } from '@momo/domain';
import { PAYMENT_SERVICES, runAdminCli, seedSucceededPayment, startTestSystem, TEST_API_KEY_PEPPER, TestSystem, waitFor } from '@momo/testing';
import { launchChromium, recordConsoleErrors, screenshotAtEveryWidth, screenshotFolder } from '@momo/testing/browser';

jest.setTimeout(90_000);

const PASSWORD = 'correct horse battery staple';
const SHOTS = screenshotFolder('merchant-dashboard');

/**
 * The merchant dashboard in Debian's Chromium against the whole system started as processes:
 * staff sign in, follow a payment made through the API, fix a failing webhook and replay it,
 * rotate a secret and issue a key (each shown once), and the roles, CSRF and mode rules hold.
 * Every page is photographed at desktop and phone width (tmp/screenshots/merchant-dashboard/)
 * and checked with axe-core.
 */
describe('merchant dashboard in a browser', () => {
  let system: TestSystem;
  let browser: Browser;
  let dashboard: string;
  let owner: BrowserContext;
  let page: Page;
  let paymentId: string;

  beforeAll(async () => {
    [system, browser] = await Promise.all([startTestSystem('merchant-dashboard', {
        services: [...PAYMENT_SERVICES, 'merchant-dashboard'],
        // The replay below must be the failing delivery's second attempt: no scheduled retry may
        // come first, however slowly the steps before it run on a busy machine.
        env: { 'webhook-dispatcher': { WEBHOOK_FIRST_RETRY_MS: '3600000' } },
      }), launchChromium()]);
    dashboard = system.stack.url('merchant-dashboard');
    owner = await newContext();
    page = await owner.newPage();
    page.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  async function newContext(): Promise<BrowserContext> {
    // Reduced motion, as a person may ask for it: dialogs open without their entrance animation,
    // so a click cannot land beside a button that is still moving (on a busy machine, the
    // overlay under it closes the dialog instead).
    const context = await browser.newContext({ baseURL: dashboard, viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
    // Console errors of every page, checked at the end of the run.
    contexts.push(recordConsoleErrors(context));
    return context;
  }
  const contexts: string[][] = [];

  /** A person invited by the platform, as the admin CLI prints it (its origin is the stack's port). */
  async function inviteWithCli(email: string, extra: string[] = []): Promise<string> {
    const result = await runAdminCli(['user', 'invite', '--merchant', system.merchant.merchantId, '--email', email, '--json', ...extra], {
      databaseUrl: system.db.url,
      queuePrefix: system.queuePrefix,
    });
    expect(result.stderr).toBe('');
    const link = (JSON.parse(result.stdout) as { invite_url: string }).invite_url;
    return link.replace(/^https?:\/\/[^/]+/, dashboard);
  }

  async function acceptInvitation(p: Page, link: string, shot?: string): Promise<void> {
    await p.goto(link);
    await p.getByLabel('Your name').fill('Aline Uwase');
    await p.getByLabel(/^Password/).fill(PASSWORD);
    await p.getByLabel('Repeat the password').fill(PASSWORD);
    if (shot) await photograph(p, shot);
    await p.getByRole('button', { name: 'Set password and sign in' }).click();
    await p.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  /** Screenshots at both widths, and the page's serious or critical accessibility violations (asserted at the end). */
  async function photograph(p: Page, name: string): Promise<void> {
    await p.waitForLoadState('networkidle');
    // Let dialogs and drawers finish sliding in.
    await p.waitForTimeout(400);
    await screenshotAtEveryWidth(p, SHOTS, name);
    const axe = await new AxeBuilder({ page: p }).analyze();
    photographed.push(name);
    accessibility.push(
      ...axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${name}: ${v.id} ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    );
  }
  const photographed: string[] = [];
  const accessibility: string[] = [];

  async function signIn(p: Page, email: string): Promise<void> {
    await p.getByLabel('E-mail address').fill(email);
    await p.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  async function csrfOf(p: Page): Promise<string> {
    const session = await p.request.get('/dashboard-api/session');
    return ((await session.json()) as { data: { csrf_token: string } }).data.csrf_token;
  }

  it('lets the first owner, invited with the admin CLI, set a password, sign out and sign in', async () => {
    const link = await inviteWithCli('owner@shop.test');
    expect(link).toMatch(/\/accept-invite#token=[A-Za-z0-9_-]{43}$/);
    await acceptInvitation(page, link, 'accept-invite');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in to your dashboard' }).waitFor();
    await photograph(page, 'sign-in');

    // The invitation was for one use only.
    const reused = await page.request.post('/dashboard-api/invitations/accept', { data: { token: link.split('#token=')[1], password: PASSWORD } });
    expect(reused.status()).toBe(400);

    await signIn(page, 'owner@shop.test');

    const cookie = (await owner.cookies()).find((c) => c.name === 'momo_dashboard_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    // Nothing secret lives in the page's own storage.
    expect(await page.evaluate('[localStorage.length, sessionStorage.length]')).toEqual([0, 0]);
  });

  it('shows a payment made through the API, and its timeline', async () => {
    // A balance to refund from later, as settled payments leave it.
    await seedSucceededPayment(system.db.dataSource, system.merchant, { amount: 500_000, reference: 'opening-balance' });
    system.receiver.respondWith = () => ({ status: 500, body: 'receiver is down for maintenance' });
    const created = await system.api<{ data: TransactionView }>('POST', '/v1/payments', {
      body: { amount: 2500, msisdn: '0788123456', description: 'Order 1001', reference: 'order-1001' },
    });
    expect(created.status).toBe(201);
    paymentId = created.body.data.id;
    await waitFor(async () => ((await system.api<{ data: TransactionView }>('GET', `/v1/payments/${paymentId}`)).body.data.status === 'succeeded' ? true : undefined), {
      timeoutMs: 15_000,
      what: 'the payment to succeed',
    });
    await waitFor(() => system.receiver.received.length > 0 || undefined, { timeoutMs: 15_000, what: 'the first webhook attempt' });

    await page.reload();
    // The API payment's 2,500 less its 50 fee waits for the next settlement run.
    await page.getByText('RWF 2,450').waitFor();
    await photograph(page, 'overview');

    await page.getByRole('link', { name: 'Transactions' }).click();
    const row = page.getByRole('row').filter({ hasText: 'order-1001' });
    await row.waitFor();
    await photograph(page, 'transactions');
    await page.getByLabel('Search').fill('order-1001');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('row').filter({ hasText: 'opening-balance' }).waitFor({ state: 'detached' });

    await row.getByRole('link').click();
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    const timeline = page.locator('.mantine-Timeline-root');
    await timeline.getByText('Payment created').waitFor();
    await timeline.getByText('MTN MoMo: ', { exact: false }).first().waitFor();
    await timeline.getByText('Succeeded', { exact: true }).waitFor();
    await timeline.getByText('Webhook payment.succeeded, attempt 1').waitFor();
    await timeline.getByText('Your endpoint answered HTTP 500').waitFor();
    await photograph(page, 'transaction-detail');

    // A page longer than the window: the navigation stays beside it all the way down (a
    // full-page screenshot draws the fixed sidebar at the window's height only).
    const original = page.viewportSize();
    await page.setViewportSize({ width: 1366, height: 700 });
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await page.waitForFunction('window.scrollY > 0');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const navBox = (await nav.boundingBox())!;
    // Just under the header, down to the window's bottom, its links in sight.
    expect(navBox.y).toBeGreaterThanOrEqual(0);
    expect(navBox.y).toBeLessThanOrEqual(60);
    expect(navBox.y + navBox.height).toBeGreaterThanOrEqual(699);
    const link = (await nav.getByRole('link', { name: 'Transactions' }).boundingBox())!;
    expect(link.y).toBeGreaterThanOrEqual(navBox.y);
    expect(link.y + link.height).toBeLessThanOrEqual(700);
    await page.screenshot({ path: join(SHOTS, 'transaction-detail-scrolled-desktop.png') });
    if (original) await page.setViewportSize(original);
  });

  it("opens the app's deliveries, shows the 500 and its body, and a replay after the receiver recovers succeeds", async () => {
    await page.getByRole('link', { name: 'Apps & webhooks', exact: true }).click();
    await page.getByRole('heading', { name: 'Test App' }).waitFor();
    await photograph(page, 'apps');
    await page.getByRole('link', { name: 'Webhook deliveries' }).click();
    const row = page.getByRole('row').filter({ hasText: 'payment.succeeded' });
    await row.getByText('500').waitFor();
    await photograph(page, 'deliveries');

    await row.getByRole('button', { name: 'payment.succeeded' }).click();
    const drawer = page.getByRole('dialog');
    const first = drawer.getByTestId('attempt-1');
    await first.getByText('500', { exact: true }).waitFor();
    await first.getByText('receiver is down for maintenance').waitFor();
    await photograph(page, 'delivery-detail');

    system.receiver.respondWith = () => 200;
    await drawer.getByRole('button', { name: 'Replay now' }).click();
    const second = drawer.getByTestId('attempt-2');
    await second.getByText('200', { exact: true }).waitFor({ timeout: 20_000 });
    await second.getByText('replay', { exact: false }).waitFor();
    await drawer.getByText('delivered', { exact: true }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await row.getByText('delivered').waitFor();
  });

  it('rotates the webhook secret and issues a key, each shown once', async () => {
    await page.getByRole('link', { name: 'Apps & webhooks', exact: true }).click();
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    // Asked for less motion, the dialog is in place as soon as it is there: no fade or slide left to run.
    await page.getByRole('dialog').waitFor();
    expect(await page.evaluate('getComputedStyle(document.querySelector("[role=dialog]")).opacity')).toBe('1');
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
    const secret = (await page.getByTestId('shown-once-secret').textContent())!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    await photograph(page, 'secret-shown-once');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.getByText('The previous secret still signs until').waitFor();
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('button', { name: 'Issue key' }).click();
    const key = (await page.getByTestId('shown-once-secret').textContent())!;
    expect(key).toMatch(/^sk_test_[A-Za-z0-9]{32,}$/);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Test App' }).waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await page.evaluate('[localStorage.length, sessionStorage.length]')).toEqual([0, 0]);
    // It is a real key of this app.
    expect((await system.api('GET', `/v1/payments/${paymentId}`, { key })).status).toBe(200);
  });

  it('refunds from the dashboard through the same path as the API (initiated_by dashboard)', async () => {
    await page.goto(`/test/transactions/${paymentId}`);
    await page.getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Refund RWF\s2,500$/ }).click();
    const refundLink = page.getByRole('heading', { name: 'Refunds' }).locator('..').getByRole('link');
    await refundLink.waitFor();
    const refundId = (await refundLink.getAttribute('href'))!.split('/').pop()!;
    const refund = await waitFor(
      async () => {
        const res = await system.api<{ data: TransactionView }>('GET', `/v1/payments/${refundId}`);
        return res.body.data.status === 'succeeded' ? res.body.data : undefined;
      },
      { timeoutMs: 15_000, what: 'the refund to succeed' },
    );
    expect(refund).toMatchObject({ direction: 'payout', reverses_payment_id: paymentId, initiated_by: 'dashboard', amount: 2500 });
    // A second refund of the same payment is refused by the same rule as /v1.
    const again = await page.request.post(`/dashboard-api/test/transactions/${paymentId}/refund`, {
      data: {},
      headers: { 'x-csrf-token': await csrfOf(page), 'idempotency-key': randomUUID() },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('ALREADY_REFUNDED');
  });

  it('makes a test payment with a magic number and watches it fail as the simulator decides', async () => {
    await page.getByRole('link', { name: 'Test payments' }).click();
    await page.getByRole('combobox', { name: 'What happens' }).click();
    await page.getByRole('option', { name: /^decline/ }).click();
    await page.getByRole('button', { name: 'Make test payment' }).click();
    const result = page.getByTestId('test-result');
    await result.getByText('failed').waitFor({ timeout: 20_000 });
    await photograph(page, 'test-payments');
  });

  it('refuses a change without the CSRF token', async () => {
    const apps = (await (await page.request.get('/dashboard-api/test/apps')).json()) as { data: { id: string }[] };
    const path = `/dashboard-api/test/apps/${apps.data[0].id}/webhook-secret/rotate`;
    const without = await page.request.post(path, { data: {} });
    expect(without.status()).toBe(403);
    expect(((await without.json()) as { code: string }).code).toBe('CSRF_TOKEN_INVALID');
    const wrong = await page.request.post(path, { data: {}, headers: { 'x-csrf-token': 'not-the-token' } });
    expect(wrong.status()).toBe(403);
    const right = await page.request.post(path, { data: { overlap_seconds: 0 }, headers: { 'x-csrf-token': await csrfOf(page) } });
    expect(right.status()).toBe(200);
  });

  it('lets an owner invite a viewer, who can read but cannot rotate or replay', async () => {
    await page.getByRole('link', { name: 'Team' }).click();
    await page.getByLabel('E-mail address').fill('support@shop.test');
    await page.getByRole('combobox', { name: 'Role', exact: true }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await page.getByRole('button', { name: 'Create invitation' }).click();
    const link = (await page.getByTestId('invite-link').textContent())!;
    expect(link).toMatch(/\/accept-invite#token=/);
    await photograph(page, 'team');

    const viewerContext = await newContext();
    const viewer = await viewerContext.newPage();
    viewer.setDefaultTimeout(15_000);
    await acceptInvitation(viewer, link.replace(/^https?:\/\/[^/]+/, dashboard));
    await viewer.getByRole('link', { name: 'Apps & webhooks', exact: true }).click();
    await viewer.getByRole('heading', { name: 'Test App' }).waitFor();
    await viewer.getByText('Your role can read these settings').waitFor();
    expect(await viewer.getByRole('button', { name: 'Rotate secret' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Issue key' }).count()).toBe(0);
    await viewer.getByRole('link', { name: 'Webhook deliveries' }).click();
    await viewer.getByRole('row').filter({ hasText: 'payment.succeeded' }).getByRole('button').click();
    await viewer.getByRole('dialog').getByTestId('attempt-1').waitFor();
    expect(await viewer.getByRole('button', { name: 'Replay now' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /Replay all abandoned/ }).count()).toBe(0);

    // The server refuses it too, whatever the page shows.
    const csrf = await csrfOf(viewer);
    const apps = (await (await viewer.request.get('/dashboard-api/test/apps')).json()) as { data: { id: string }[] };
    const rotate = await viewer.request.post(`/dashboard-api/test/apps/${apps.data[0].id}/webhook-secret/rotate`, { data: {}, headers: { 'x-csrf-token': csrf } });
    expect(rotate.status()).toBe(403);
    expect(((await rotate.json()) as { code: string }).code).toBe('ROLE_FORBIDDEN');
    const deliveries = (await (await viewer.request.get(`/dashboard-api/test/apps/${apps.data[0].id}/deliveries`)).json()) as { data: { data: { id: string }[] } };
    const replay = await viewer.request.post(`/dashboard-api/test/deliveries/${deliveries.data.data[0].id}/replay`, { data: {}, headers: { 'x-csrf-token': csrf } });
    expect(replay.status()).toBe(403);
    await viewerContext.close();

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByText('webhook_delivery.replayed').first().waitFor();
    await page.getByText('user.invited').first().waitFor();
    await photograph(page, 'audit-log');
  });

  it('keeps a test-only user out of live data, which the owner sees', async () => {
    // The business is verified and has live activity.
    await runAdminCli(['merchant', 'verify', system.merchant.merchantId], { databaseUrl: system.db.url, queuePrefix: system.queuePrefix });
    const live = await seedSucceededPayment(system.db.dataSource, system.merchant, { amount: 75_000, mode: 'live', reference: 'live-order-9' });
    const liveKey = generateApiKey('app', 'live');
    await new MerchantsRepository(system.db.dataSource).insertKey({
      id: randomUUID(), merchantId: system.merchant.merchantId, appId: system.merchant.appId, kind: 'app', mode: 'live',
      keyHash: hashApiKey(liveKey, TEST_API_KEY_PEPPER), keyHint: keyHint(liveKey),
    });

    // Sessions carry what the user may do: sign in again to see live mode.
    await page.goto('/test/overview');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    await signIn(page, 'owner@shop.test');
    await page.getByText('Live', { exact: true }).click();
    await page.waitForURL(/\/live\/overview$/);
    await page.getByRole('link', { name: 'Transactions' }).click();
    await page.getByRole('row').filter({ hasText: 'live-order-9' }).waitFor();
    await photograph(page, 'transactions-live');
    await page.getByRole('link', { name: 'Apps & webhooks', exact: true }).click();
    await page.getByRole('heading', { name: 'Test App' }).waitFor();
    await photograph(page, 'apps-live');

    const developerContext = await newContext();
    const developer = await developerContext.newPage();
    developer.setDefaultTimeout(15_000);
    await acceptInvitation(developer, await inviteWithCli('contractor@agency.test', ['--role', 'developer', '--test-only']));
    const liveSwitch = developer.getByRole('radio', { name: 'Live' });
    expect(await liveSwitch.isDisabled()).toBe(true);
    await developer.goto('/live/transactions');
    await developer.waitForURL(/\/test\/overview$/);
    const refused = await developer.request.get('/dashboard-api/live/transactions');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('MODE_NOT_ALLOWED');
    expect((await developer.request.get(`/dashboard-api/live/transactions/${live.id}`)).status()).toBe(403);
    const testList = (await (await developer.request.get('/dashboard-api/test/transactions?limit=100')).json()) as { data: { data: { id: string }[] } };
    expect(testList.data.data.map((t) => t.id)).not.toContain(live.id);
    expect((await developer.request.get(`/dashboard-api/test/transactions/${live.id}`)).status()).toBe(404);
    await developerContext.close();
  });

  it('photographed every page, which has no serious accessibility violation and logged no console error', () => {
    expect(photographed.sort()).toEqual(
      ['accept-invite', 'apps', 'apps-live', 'audit-log', 'deliveries', 'delivery-detail', 'overview', 'secret-shown-once', 'sign-in', 'team', 'test-payments', 'transaction-detail', 'transactions', 'transactions-live'].sort(),
    );
    expect(accessibility).toEqual([]);
    expect(contexts.flat()).toEqual([]);
  });

  it('locks an account after repeated failed sign-ins', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${dashboard}/dashboard-api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'support@shop.test', password: 'wrong password!' }) });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    const right = await fetch(`${dashboard}/dashboard-api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'support@shop.test', password: PASSWORD }) });
    expect(right.status).toBe(423);
  });

  it('applies the account rules of /v1: a disabled app moves no money, a suspended merchant is refused', async () => {
    const csrf = await csrfOf(page);
    const appId = system.merchant.appId;
    expect((await page.request.patch(`/dashboard-api/live/apps/${appId}`, { data: { status: 'disabled' }, headers: { 'x-csrf-token': csrf } })).status()).toBe(200);
    const money = await page.request.post('/dashboard-api/test/test-money', {
      data: { kind: 'payment', app_id: appId, amount: 1000, msisdn: '0788123456' },
      headers: { 'x-csrf-token': csrf, 'idempotency-key': randomUUID() },
    });
    expect(money.status()).toBe(403);
    expect(((await money.json()) as { code: string }).code).toBe('APP_DISABLED');
    // The gateway refuses the app's key at once too.
    expect((await system.api('GET', `/v1/payments/${paymentId}`)).status).toBe(403);

    await runAdminCli(['merchant', 'suspend', system.merchant.merchantId], { databaseUrl: system.db.url, queuePrefix: system.queuePrefix });
    const suspended = await page.request.get('/dashboard-api/test/transactions');
    expect(suspended.status()).toBe(403);
    expect(((await suspended.json()) as { code: string }).code).toBe('ACCOUNT_SUSPENDED');
  });
});
