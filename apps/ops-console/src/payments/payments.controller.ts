import { Controller, Get, Header, NotFoundException, Param, Query } from '@nestjs/common';
import { OpsViewsRepository, PaymentStory, TransactionSummary } from '@momo/data';
import { parseMsisdn } from '@momo/domain';
import { ConsoleAudit } from '../audit/console-audit.service';
import { SignedIn, SignedInRequest, viewerOf } from '../auth/signed-in';
import { age, badge, html, maskedPhone, rwf, SafeHtml, when } from '../pages/html';
import { page } from '../pages/layout';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Stuck payments by age, search by id / reference / request id / phone, and one payment's whole story. */
@Controller('')
export class PaymentsController {
  constructor(
    private readonly views: OpsViewsRepository,
    private readonly audit: ConsoleAudit,
  ) {}

  @Get('payments/stuck')
  @Header('content-type', 'text/html; charset=utf-8')
  async stuck(
    @SignedIn() signedIn: SignedInRequest,
    @Query('minAge') minAgeText?: string,
    @Query('network') networkText?: string,
    @Query('mode') modeText?: string,
  ): Promise<string> {
    const minAge = Math.min(Math.max(Number.parseInt(minAgeText ?? '300', 10) || 0, 0), 30 * 86_400);
    const network = networkText === 'mtn' || networkText === 'airtel' ? networkText : undefined;
    const mode = modeText === 'live' || modeText === 'test' ? modeText : undefined;
    const rows = await this.views.pendingOlderThan(minAge, { network, mode }, 200);
    const option = (value: string, current: string | undefined, label = value) => html`<option value="${value}" ${current === value ? 'selected' : ''}>${label}</option>`;
    const body = html`
      <form class="filters" method="get" action="/payments/stuck" aria-label="Filter stuck payments">
        <label>Pending for at least
          <select name="minAge">${[0, 60, 300, 900, 3_600, 86_400].map((s) => option(String(s), String(minAge), s === 0 ? 'any time' : age(s)))}</select>
        </label>
        <label>Network <select name="network">${option('', network, 'all')}${option('mtn', network, 'MTN')}${option('airtel', network, 'Airtel')}</select></label>
        <label>Mode <select name="mode">${option('', mode, 'both')}${option('live', mode)}${option('test', mode)}</select></label>
        <button class="button button-primary" type="submit">Show</button>
      </form>
      <section class="panel">
        <p class="muted">${rows.length === 200 ? 'The 200 oldest' : rows.length} pending payment${rows.length === 1 ? '' : 's'} older than ${age(minAge)}, oldest first. The reconciler keeps asking the operator about each until it is final.</p>
        ${rows.length === 0
          ? html`<p class="empty">None. Nothing is stuck.</p>`
          : html`<table class="responsive"><thead><tr><th>Age</th><th>Payment</th><th>Merchant · app</th><th>Network</th><th class="num">Amount</th><th>Sent to operator</th><th class="num">Checks</th><th>Next check</th></tr></thead>
          <tbody>${rows.map(
            (r) => html`<tr>
              <td data-label="Age"><strong>${age(r.ageSeconds)}</strong></td>
              <td data-label="Payment"><a class="mono" href="/payments/${r.id}">${r.id.slice(0, 8)}…</a> ${r.direction === 'payout' ? badge('payout', 'neutral') : ''}</td>
              <td data-label="Merchant">${r.merchantName} · <span class="muted">${r.appName}</span></td>
              <td data-label="Network">${r.network} <span class="muted">${r.mode}</span></td>
              <td class="num" data-label="Amount">${rwf(r.amount)}</td>
              <td data-label="Sent">${badge(r.initiationState, r.initiationState === 'accepted' ? 'ok' : r.initiationState === 'unknown' ? 'warn' : 'neutral')}</td>
              <td class="num" data-label="Checks">${r.checksMade}</td>
              <td data-label="Next check">${when(r.nextCheckAt)}</td></tr>`,
          )}</tbody></table>`}
      </section>`;
    return page({ title: 'Stuck payments', path: '/payments/stuck', viewer: viewerOf(signedIn), body });
  }

  @Get('search')
  @Header('content-type', 'text/html; charset=utf-8')
  async search(@SignedIn() signedIn: SignedInRequest, @Query('q') q?: string): Promise<string> {
    const term = (q ?? '').trim().slice(0, 200);
    let results: TransactionSummary[] | undefined;
    if (term) {
      // People read phone numbers out with spaces; the search takes them however typed.
      const phone = parseMsisdn(term.replace(/[\s-]/g, ''));
      results = await this.views.search({ id: UUID.test(term) ? term : undefined, msisdn: phone.ok ? phone.msisdn : undefined, text: term }, 50);
      // Looking up payments is itself an action worth a record (a phone number only masked, like every log).
      await this.audit.record(signedIn, 'search payments', phone.ok ? maskedPhone(phone.msisdn) : term, 'ok', { results: results.length });
    }
    const body = html`
      <form class="search-box" method="get" action="/search" role="search">
        <label class="sr" style="flex:1">Payment id, merchant reference, request id or phone number
          <input type="search" name="q" value="${term}" placeholder="e.g. 0788123456, order-1001, a3f1…" autofocus>
        </label>
        <button class="button button-primary" type="submit" style="align-self:end">Search</button>
      </form>
      ${results === undefined ? '' : html`<section class="panel" style="margin-top:1rem">
        ${results.length === 0
          ? html`<p class="empty">No payment matches “${term}”.</p>`
          : html`<table class="responsive"><thead><tr><th>Created</th><th>Payment</th><th>Status</th><th>Merchant · app</th><th>Phone</th><th>Reference</th><th class="num">Amount</th></tr></thead>
            <tbody>${results.map(
              (r) => html`<tr><td data-label="Created">${when(r.createdAt)}</td><td data-label="Payment"><a class="mono" href="/payments/${r.id}">${r.id}</a></td>
                <td data-label="Status">${badge(r.status)}</td><td data-label="Merchant">${r.merchantName} · <span class="muted">${r.appName} (${r.mode})</span></td>
                <td data-label="Phone">${maskedPhone(r.msisdn)}</td><td data-label="Reference">${r.reference || html`<span class="muted">—</span>`}</td><td class="num" data-label="Amount">${rwf(r.amount)}</td></tr>`,
            )}</tbody></table>`}
      </section>`}`;
    return page({ title: 'Find a payment', path: '/search', viewer: viewerOf(signedIn), body });
  }

  @Get('payments/:id')
  @Header('content-type', 'text/html; charset=utf-8')
  async story(@SignedIn() signedIn: SignedInRequest, @Param('id') id: string): Promise<string> {
    const story = UUID.test(id) ? await this.views.story(id) : null;
    if (!story) throw new NotFoundException();
    await this.audit.record(signedIn, 'view payment', id, 'ok');
    return page({ title: `Payment ${id.slice(0, 8)}…`, path: '/payments/', viewer: viewerOf(signedIn), body: storyBody(story) });
  }
}

function storyBody(s: PaymentStory): SafeHtml {
  const t = s.transaction as Record<string, string | number | null>;
  const at = (field: string) => s.transaction[field] as Date | null;
  const events: { at: Date; text: SafeHtml }[] = [
    { at: at('created_at')!, text: html`Created (${t.initiated_by}) ${t.request_id ? html`· request id <code>${t.request_id}</code>` : ''}` },
    ...s.operatorRequests.map((r) => ({ at: r.created_at as Date, text: html`→ ${String(r.network)} <code>${String(r.operation)}</code> ${r.response_status ? badge(String(r.response_status), Number(r.response_status) < 400 ? 'ok' : 'bad') : badge(String(r.error ?? 'no answer'), 'bad')} <span class="muted">${String(r.duration_ms)} ms</span>` })),
    ...s.operatorCallbacks.map((c) => ({ at: c.created_at as Date, text: html`← callback from ${String(c.network)}: ${String(c.outcome)}` })),
    ...s.journals.map((j) => ({ at: j.createdAt, text: html`Ledger: <code>${j.kind}</code>` })),
    ...s.outboxEvents.map((e) => ({ at: e.created_at as Date, text: html`Event <code>${String(e.event_type)}</code> written${e.published_at ? ', published' : ', not yet published'}` })),
    ...s.deliveries.flatMap((d) => d.attempts.map((a) => ({ at: a.started_at as Date, text: html`Webhook attempt ${String(a.attempt_number)} (${String(d.event_type)}) ${a.status_code ? badge(String(a.status_code), Number(a.status_code) < 300 ? 'ok' : 'bad') : badge(String(a.error ?? 'error'), 'bad')}` }))),
    ...(t.completed_at ? [{ at: at('completed_at')!, text: html`Final: ${badge(String(t.status))} ${t.failure_code ? html`<code>${t.failure_code}</code>` : ''}` }] : []),
    ...s.exceptions.map((x) => ({ at: x.first_seen_at as Date, text: html`${badge('exception', 'bad')} operator says ${String(x.reported_status)}, we recorded ${String(x.recorded_status)}` })),
  ].sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime());

  return html`
    <div class="grid">
      <section class="panel" aria-labelledby="tx-h"><h2 id="tx-h">Transaction</h2>
        <dl class="facts">
          <dt>Id</dt><dd class="mono">${String(t.id)}</dd>
          <dt>Status</dt><dd>${badge(String(t.status))} ${t.failure_code ? html`<code>${t.failure_code}</code> <span class="muted">${t.failure_message}</span>` : ''}</dd>
          <dt>Merchant · app</dt><dd>${String(t.merchant_name)} · ${String(t.app_name)} <span class="muted">(${String(t.mode)})</span></dd>
          <dt>Direction</dt><dd>${String(t.direction)}${t.reverses_payment_id ? html` · refund of <a class="mono" href="/payments/${String(t.reverses_payment_id)}">${String(t.reverses_payment_id).slice(0, 8)}…</a>` : ''}</dd>
          <dt>Amount · fee</dt><dd>${rwf(Number(t.amount))} · ${rwf(Number(t.fee))}</dd>
          <dt>Phone</dt><dd>${maskedPhone(String(t.msisdn))} <span class="muted">${String(t.network)}</span></dd>
          <dt>Reference</dt><dd>${String(t.reference) || '—'}</dd>
          <dt>Operator ref</dt><dd class="mono">${String(t.provider_ref) || '—'}</dd>
          <dt>Sent to operator</dt><dd>${String(t.initiation_state)}</dd>
          <dt>Request id</dt><dd class="mono">${t.request_id ? String(t.request_id) : '—'}</dd>
          <dt>Created · completed</dt><dd>${when(at('created_at'))} · ${when(at('completed_at'))}</dd>
          <dt>Reconciler</dt><dd>${s.reconciliationCheck ? html`${String(s.reconciliationCheck.checks_made)} checks, next ${when(s.reconciliationCheck.next_check_at as Date)}` : html`<span class="muted">not checked</span>`}</dd>
        </dl>
      </section>
      <section class="panel" aria-labelledby="tl-h"><h2 id="tl-h">Timeline</h2>
        <ol class="timeline">${events.map((e) => html`<li><div class="t">${when(e.at)}</div>${e.text}</li>`)}</ol>
      </section>
    </div>
    <section class="panel" aria-labelledby="op-h"><h2 id="op-h">Operator requests and callbacks</h2>
      ${s.operatorRequests.length + s.operatorCallbacks.length === 0 ? html`<p class="empty">No exchange with the operator recorded.</p>` : ''}
      ${s.operatorRequests.map(
        (r) => html`<details><summary>${when(r.created_at as Date)} · ${String(r.method)} <code>${String(r.operation)}</code> → ${r.response_status ? String(r.response_status) : String(r.error)}</summary>
          <p class="mono">${String(r.url)}</p><pre>${JSON.stringify(r.request_headers, null, 2)}\n\n${String(r.request_body ?? '')}</pre><pre>${String(r.response_body ?? '')}</pre></details>`,
      )}
      ${s.operatorCallbacks.map(
        (c) => html`<details><summary>${when(c.created_at as Date)} · callback ${String(c.method)} ${String(c.path)} → ${String(c.outcome)}</summary><pre>${String(c.body ?? '')}</pre></details>`,
      )}
    </section>
    <section class="panel" aria-labelledby="ledger-h"><h2 id="ledger-h">Ledger journal</h2>
      ${s.journals.length === 0
        ? html`<p class="empty">No ledger entries (none are posted until the payment is final).</p>`
        : html`<table class="responsive"><thead><tr><th>Journal</th><th>Account</th><th class="num">Amount</th></tr></thead><tbody>
          ${s.journals.flatMap((j) => j.entries.map((e) => html`<tr><td data-label="Journal"><code>${j.kind}</code> #${j.id}</td><td data-label="Account" class="mono">${e.account}</td><td class="num" data-label="Amount">${rwf(e.amount)}</td></tr>`))}
        </tbody></table>`}
    </section>
    <section class="panel" aria-labelledby="wh-h"><h2 id="wh-h">Outbox and webhook deliveries</h2>
      ${s.outboxEvents.length === 0 ? html`<p class="empty">No event yet (events are written when the payment becomes final).</p>` : ''}
      ${s.outboxEvents.map((e) => html`<p><code>${String(e.event_type)}</code> written ${when(e.created_at as Date)}, published ${when(e.published_at as Date | null)}, ${taken(e)}</p>`)}
      ${s.deliveries.map(
        (d) => html`<h3 class="plain">Delivery ${badge(String(d.status))} <span class="mono">${String(d.id).slice(0, 8)}…</span> · ${String(d.event_type)}</h3>
          <p class="mono muted">${String(d.url)}</p>
          <table class="responsive"><thead><tr><th>#</th><th>Started</th><th>Trigger</th><th>Answer</th><th class="num">Time</th></tr></thead><tbody>
          ${d.attempts.map((a) => html`<tr><td data-label="#">${String(a.attempt_number)}</td><td data-label="Started">${when(a.started_at as Date)}</td><td data-label="Trigger">${String(a.trigger)}</td>
            <td data-label="Answer">${a.status_code ? badge(String(a.status_code), Number(a.status_code) < 300 ? 'ok' : 'bad') : html`<span class="muted">${String(a.error ?? '')}</span>`}</td><td class="num" data-label="Time">${String(a.duration_ms)} ms</td></tr>`)}
          </tbody></table>`,
      )}
    </section>
    ${s.exceptions.length ? html`<section class="panel"><h2>Reconciliation exceptions</h2>${s.exceptions.map((x) => html`<p><a href="/exceptions/${String(x.id)}">#${String(x.id)}</a> ${String(x.kind)} · ${x.resolved_at ? badge('resolved', 'ok') : badge('open', 'bad')}</p>`)}</section>` : ''}
    ${s.refunds.length ? html`<section class="panel"><h2>Refunds</h2>${s.refunds.map((r) => html`<p><a class="mono" href="/payments/${String(r.id)}">${String(r.id)}</a> ${badge(String(r.status))} ${rwf(Number(r.amount))}</p>`)}</section>` : ''}`;
}

/**
 * When the dispatcher took an outbox event: the moment it made the event's delivery. The sweeper
 * marks an event consumed later; consumed with no delivery means the app had no webhook URL.
 */
function taken(event: Record<string, unknown>): SafeHtml {
  if (event.delivery_created_at) return html`taken by the dispatcher ${when(event.delivery_created_at as Date)}`;
  if (event.consumed_at) return html`nothing to deliver (no webhook URL in this mode), seen ${when(event.consumed_at as Date)}`;
  return html`<strong>not taken by the dispatcher yet</strong>`;
}
