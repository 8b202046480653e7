import AxeBuilder from '@axe-core/playwright';
import { Queue } from 'bullmq';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DELIVERY_HEADER, EVENT_HEADER, JobIds, QueueName, TransactionView } from '@momo/contracts';
import { redisOptionsFromUrl } from '@momo/platform';
import { ageTransaction, insertTransaction, newTransaction, PAYMENT_SERVICES, runAdminCli, startTestSystem, TEST_REDIS_URL, TestSystem, waitFor } from '@momo/testing';
import { launchChromium, recordConsoleErrors, screenshotAtEveryWidth, screenshotFolder, VIEWPORTS } from '@momo/testing/browser';

const OPERATOR = { email: 'oncall@example.com', password: 'correct horse battery staple' };
const VIEWER = { email: 'watcher@example.com', password: 'viewer password 12345' };

/**
 * The on-call console as on-call uses it, in Debian's Chromium against the whole system running
 * as processes: sign in, find a stuck payment by its age, see a failed job in bull-board and retry
 * it, and a viewer who can look at everything but change nothing. Every page is photographed at
 * desktop and phone width (tmp/screenshots/ops-console/).
 */
describe('on-call console', () => {
  let system: TestSystem;
  let browser: Browser;
  let console_: string;
  const shots = screenshotFolder('ops-console');

  beforeAll(async () => {
    system = await startTestSystem('ops-console', {
      services: [...PAYMENT_SERVICES, 'ops-console'],
      env: {
        // Nothing resolves the stuck payment behind our back, and the invariants are checked at once.
        reconciler: { MIN_AGE_SECONDS: '86400', INVARIANT_CHECK_INTERVAL_MS: '1000' },
        'ops-console': { CONSOLE_MAX_FAILED_SIGN_INS: '3', CONSOLE_LOCKOUT_SECONDS: '600' },
        // One attempt, then abandoned: a merchant endpoint that is down shows up at once.
        'webhook-dispatcher': { WEBHOOK_MAX_ATTEMPTS: '1' },
      },
    });
    console_ = system.stack.url('ops-console');
    for (const [account, role] of [[OPERATOR, 'operator'], [VIEWER, 'viewer']] as const) {
      const created = await runCli(['operator', 'create', '--email', account.email, '--name', role === 'operator' ? 'Aline Uwase' : 'Eric Viewer', '--role', role, '--password-stdin'], account.password);
      expect(created).toMatchObject({ status: 0 });
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  /** admin-cli with the password on standard input. */
  function runCli(args: string[], stdin: string) {
    return runAdminCli(args, { databaseUrl: system.db.url, queuePrefix: system.queuePrefix, stdin });
  }

  async function signIn(account: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const errors = recordConsoleErrors(context);
    const page = await context.newPage();
    await page.goto(`${console_}/`);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    return { context, page, errors };
  }

  it('asks for a sign-in, refuses a wrong password, and locks an account after repeated failures', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${console_}/payments/stuck`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshotAtEveryWidth(page, shots, '01-sign-in');
    for (let i = 0; i < 3; i++) {
      await page.getByLabel('E-mail').fill(VIEWER.email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').waitFor();
    }
    await expect(page.getByRole('alert').textContent()).resolves.toContain('locked');
    await screenshotAtEveryWidth(page, shots, '02-sign-in-locked');
    // Even the right password is refused while locked; the admin CLI lifts it.
    await page.getByLabel('E-mail').fill(VIEWER.email);
    await page.getByLabel('Password').fill(VIEWER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('locked');
    expect(await runAdminCli(['operator', 'unlock', VIEWER.email], { databaseUrl: system.db.url })).toMatchObject({ status: 0 });
    await context.close();

    // The session cookie cannot be read by scripts and is never sent cross-site.
    const { context: signedIn, page: overview } = await signIn(OPERATOR);
    const cookie = (await signedIn.cookies()).find((c) => c.name === 'momo_console_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(await overview.evaluate('document.cookie')).not.toContain('momo_console_session');
    await signedIn.close();
  });

  it('shows a stuck payment by its age and network, and its whole story', async () => {
    const stuck = newTransaction(system.merchant, { msisdn: '250788900111', reference: 'order-stuck-1' });
    await insertTransaction(system.db.dataSource, stuck);
    // As if the operator had gone quiet 25 minutes ago.
    await ageTransaction(system.db.dataSource, stuck.id, 25 * 60);

    const { context, page, errors } = await signIn(OPERATOR);
    await waitFor(async () => ((await page.reload(), await page.getByRole('heading', { name: 'Money invariants (last reconciler check)' }).isVisible()) ? true : undefined), { what: 'the overview' });
    const pendingPanel = page.locator('section', { has: page.getByRole('heading', { name: 'Pending transactions by age and network' }) });
    await expect(pendingPanel.getByRole('row', { name: /mtn test collect/ }).textContent()).resolves.toMatch(/mtn/);
    await waitFor(async () => ((await page.reload(), await page.getByRole('cell', { name: 'journals_balance' }).isVisible()) ? true : undefined), { what: 'the invariant results' });
    expect(await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);
    await screenshotAtEveryWidth(page, shots, '03-overview');
    // On a phone every section is in sight at once (the nav wraps), none hidden past the edge.
    await page.setViewportSize(VIEWPORTS.phone);
    const sections = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
    await expect(sections.count()).resolves.toBe(7);
    for (const link of await sections.all()) {
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.phone.width).toBe(true);
    }
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.getByRole('link', { name: 'Stuck payments' }).click();
    await page.getByLabel('Pending for at least').selectOption({ label: '15m' });
    await page.getByLabel('Network').selectOption({ label: 'MTN' });
    await page.getByRole('button', { name: 'Show' }).click();
    const row = page.getByRole('row', { name: new RegExp(stuck.id.slice(0, 8)) });
    await expect(row.textContent()).resolves.toContain('25m');
    await screenshotAtEveryWidth(page, shots, '04-stuck-payments');

    // A fresher threshold than its age finds nothing older: the filter is by age.
    await page.goto(`${console_}/payments/stuck?minAge=3600`);
    await page.getByText('None. Nothing is stuck.').waitFor();

    await page.getByRole('link', { name: 'Find a payment' }).click();
    await page.getByLabel(/phone number/).fill('0788 900 111');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: stuck.id }).click();
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    await expect(page.locator('dl.facts').first().textContent()).resolves.toContain('order-stuck-1');
    await screenshotAtEveryWidth(page, shots, '05-payment-story');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a failed job in bull-board and retries it; the retry is audited', async () => {
    const queue = new Queue(QueueName.OperatorStatusChecks, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: system.queuePrefix });
    // A status check for a transaction that does not exist (yet) fails for good...
    const late = newTransaction(system.merchant, { reference: 'order-late-1' });
    const jobId = JobIds.statusCheck(late.id, 'console-test');
    await queue.add('check-transaction-status', { transactionId: late.id, reason: 'watch' }, { jobId, attempts: 1 });
    await waitFor(async () => ((await queue.getJobState(jobId)) === 'failed' ? true : undefined), { what: 'the job to fail' });
    // ...until the transaction is there: a retry then succeeds.
    await insertTransaction(system.db.dataSource, late);
    // Final, with its event (already delivered), in one statement, as payments-core writes them: the money invariants stay clean.
    await system.db.dataSource.query(
      `WITH failed AS (UPDATE transactions SET status = 'failed', failure_code = 'DEADLINE_EXCEEDED', completed_at = now() WHERE id = $1 RETURNING id, app_id)
       INSERT INTO outbox_events (id, event_type, transaction_id, app_id, payload, published_at, consumed_at)
       SELECT gen_random_uuid(), 'payment.failed', id, app_id, '{}'::json, now(), now() FROM failed`,
      [late.id],
    );

    const { context, page, errors } = await signIn(OPERATOR);
    await page.getByRole('link', { name: 'Queues' }).click();
    await page.goto(`${console_}/queues/queue/${QueueName.OperatorStatusChecks}?status=failed`);
    await page.getByText(/does not exist/).first().waitFor();
    await screenshotAtEveryWidth(page, shots, '06-queues-failed-job');
    await page.getByRole('button', { name: 'Retry all' }).click();
    // bull-board asks before it acts.
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByText(/retry all failed jobs/i).waitFor();
    await screenshotAtEveryWidth(page, shots, '06b-queues-confirm-retry');
    await dialog.getByRole('button').filter({ hasNotText: /cancel|close/i }).last().click();
    await waitFor(async () => ((await queue.getJobState(jobId)) === 'completed' ? true : undefined), { what: 'the retried job to complete' });
    await queue.close();

    await page.goto(`${console_}/audit`);
    await expect(page.locator('table').textContent()).resolves.toMatch(/queues PUT .*retry/);
    await screenshotAtEveryWidth(page, shots, '07-audit-log');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('replays the abandoned webhooks of an app in bulk, and tells a finished payment\'s whole story', async () => {
    // The merchant's endpoint is down: the payment succeeds, its only delivery attempt fails.
    system.receiver.respondWith = () => 503;
    const requestId = `support-${Date.now()}`;
    const created = await system.api<{ data: TransactionView }>('POST', '/v1/payments', {
      body: { amount: 4200, msisdn: '0788 123 000'.replace(/ /g, ''), reference: 'order-abandoned-1' },
      headers: { 'x-request-id': requestId },
    });
    expect(created.status).toBe(201);
    const payment = created.body.data;
    const isOurs = (r: { headers: Record<string, unknown>; rawBody: Buffer }) => r.headers[EVENT_HEADER] === 'payment.succeeded' && r.rawBody.toString('utf8').includes(payment.id);
    await waitFor(() => system.receiver.received.find(isOurs), { timeoutMs: 20_000, what: 'the failing first attempt' });

    const { context, page, errors } = await signIn(OPERATOR);
    await page.getByRole('link', { name: 'Abandoned webhooks' }).click();
    const row = page.getByRole('row', { name: /Test App/ });
    await waitFor(async () => ((await page.reload(), await row.isVisible()) ? true : undefined), { timeoutMs: 15_000, what: 'the abandoned delivery in the console' });
    await expect(row.textContent()).resolves.toContain('503');
    await screenshotAtEveryWidth(page, shots, '09-abandoned-deliveries');

    system.receiver.respondWith = () => 200;
    await row.getByRole('button', { name: /^Replay/ }).click();
    await page.getByText(/deliveries replayed/).waitFor();
    const deliveries = await waitFor(() => {
      const ours = system.receiver.received.filter(isOurs);
      return ours.length >= 2 ? ours : undefined;
    }, { timeoutMs: 15_000, what: 'the replayed delivery' });
    // The same delivery, again, with the payment's request id for support.
    expect(deliveries[1].headers[DELIVERY_HEADER]).toBe(deliveries[0].headers[DELIVERY_HEADER]);
    expect(deliveries[1].headers['x-service-request-id']).toBe(requestId);
    await page.getByText('No abandoned delivery.').waitFor();

    // Support is given the request id: it finds the payment and its story across the services.
    await page.getByRole('link', { name: 'Find a payment' }).click();
    await page.getByLabel(/phone number/).fill(requestId);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: payment.id }).click();
    for (const section of ['Operator requests and callbacks', 'Ledger journal', 'Outbox and webhook deliveries']) {
      await page.getByRole('heading', { name: section }).waitFor();
    }
    const story = (await page.locator('main').textContent()) ?? '';
    expect(story).toContain('collection.requesttopay');
    expect(story).toMatch(/Ledger: collect_\w+/); // the journal of the cash in (its kind depends on settlement)
    expect(story).toContain('payment.succeeded');
    // Its event reached the dispatcher: taken when its delivery was made, before the sweeper's mark.
    expect(story).toMatch(/payment\.succeeded written [\d-]+ [\d:]+Z, published [\d-]+ [\d:]+Z, taken by the dispatcher [\d-]+ [\d:]+Z/);
    expect(story).toContain(requestId);
    await screenshotAtEveryWidth(page, shots, '05b-payment-story-succeeded');

    // The operator was called: its circuit and recent error rate are on the overview, as operator-adapter reports them.
    await page.getByRole('link', { name: 'Overview' }).click();
    const breakers = page.locator('section', { has: page.getByRole('heading', { name: 'Operators: circuit breakers' }) });
    await expect(breakers.getByRole('row', { name: /mtn/ }).textContent()).resolves.toMatch(/mtn\s*test\s*closed/);
    // Everything the tests did so far, through the services or as they would, keeps the money invariants.
    const invariants = page.locator('section', { has: page.getByRole('heading', { name: 'Money invariants (last reconciler check)' }) });
    await expect(invariants.getByRole('cell', { name: 'final_transactions_announced' }).isVisible()).resolves.toBe(true);
    await expect(invariants.textContent()).resolves.not.toContain('violated');
    // The payment's event has its delivery: the dispatcher took it, whether or not the sweeper has marked it yet.
    const outbox = page.locator('section', { has: page.getByRole('heading', { name: 'Outbox lag' }) });
    await expect(outbox.textContent()).resolves.toMatch(/Published, not taken by the dispatcher\s*0/);
    await screenshotAtEveryWidth(page, shots, '03b-overview-after-traffic');

    await page.goto(`${console_}/audit`);
    await expect(page.locator('table').textContent()).resolves.toMatch(/replay abandoned deliveries[\s\S]*replayed: 1/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a viewer look at the queues and the money view but change nothing', async () => {
    const { context, page } = await signIn(VIEWER);
    await page.goto(`${console_}/queues`);
    expect(new URL(page.url()).pathname).toBe('/queues-readonly');
    await page.goto(`${console_}/queues-readonly/queue/${QueueName.OperatorStatusChecks}?status=completed`);
    await page.getByText(/check-transaction-status/).first().waitFor();
    expect(await page.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
    await screenshotAtEveryWidth(page, shots, '08-queues-viewer');

    // Straight at the API, bypassing the page: refused by the console, and by bull-board itself.
    const job = `${QueueName.OperatorStatusChecks}`;
    const viaFullBoard = await page.request.put(`${console_}/queues/api/queues/${job}/retry/failed`);
    expect(viaFullBoard.status()).toBe(403);
    const viaReadOnly = await page.request.put(`${console_}/queues-readonly/api/queues/${job}/retry/failed`);
    expect(viaReadOnly.status()).toBeGreaterThanOrEqual(400);

    await page.goto(`${console_}/deliveries/abandoned`);
    await screenshotAtEveryWidth(page, shots, '09b-abandoned-deliveries-viewer');
    await page.goto(`${console_}/exceptions`);
    await screenshotAtEveryWidth(page, shots, '10-exceptions');

    // A form post without the session's CSRF token is refused too.
    const forged = await page.request.post(`${console_}/deliveries/abandoned/replay`, { form: { appId: system.merchant.appId, mode: 'test' } });
    expect(forged.status()).toBe(403);
    await page.goto(`${console_}/audit`);
    await expect(page.locator('table').textContent()).resolves.toContain('denied');
    await context.close();
  });
});
