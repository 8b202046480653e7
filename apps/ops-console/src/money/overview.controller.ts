import { Controller, Get, Header } from '@nestjs/common';
import { OpsViewsRepository, PENDING_AGE_BUCKETS, PendingCount, ExceptionCountsRepository } from '@momo/data';
import { SignedIn, SignedInRequest, viewerOf } from '../auth/signed-in';
import { OpsConsoleConfig } from '../ops-console.config';
import { age, badge, html, SafeHtml, when } from '../pages/html';
import { page } from '../pages/layout';
import { BreakerView, InvariantView, ServiceSignals, Signal } from '../signals/service-signals';

/** Lower bound (seconds) of each age bucket, for links to the stuck list. */
const BUCKET_FROM = [0, ...PENDING_AGE_BUCKETS.slice(0, -1).map((b) => b.upTo)];

/** The money view at a glance: what is pending and for how long, what is broken, what is behind. */
@Controller()
export class OverviewController {
  constructor(
    private readonly views: OpsViewsRepository,
    private readonly exceptions: ExceptionCountsRepository,
    private readonly signals: ServiceSignals,
    private readonly config: OpsConsoleConfig,
  ) {}

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  async overview(@SignedIn() signedIn: SignedInRequest): Promise<string> {
    const stuckFrom = this.config.CONSOLE_STUCK_AFTER_SECONDS;
    const [pending, stuck, openExceptions, abandoned, outbox, breakers, invariants] = await Promise.all([
      this.views.pendingByAge(),
      this.views.countPendingOlderThan(stuckFrom),
      this.exceptions.openCounts(),
      this.views.abandonedDeliveriesByApp(),
      this.views.outboxProgress(),
      this.signals.breakers(),
      this.signals.invariants(),
    ]);
    const totalPending = pending.reduce((n, p) => n + p.count, 0);
    const exceptionCount = Object.values(openExceptions).reduce((n, c) => n + c, 0);
    const abandonedCount = abandoned.reduce((n, a) => n + a.count, 0);
    const body = html`
      <section class="grid" aria-label="Headline numbers">
        ${stat('Pending payments', totalPending, totalPending > 0 ? 'warn' : 'ok', '/payments/stuck?minAge=0')}
        ${stat(`Pending longer than ${age(stuckFrom)}`, stuck, stuck > 0 ? 'bad' : 'ok', `/payments/stuck?minAge=${stuckFrom}`)}
        ${stat('Open reconciliation exceptions', exceptionCount, exceptionCount > 0 ? 'bad' : 'ok', '/exceptions')}
        ${stat('Abandoned webhook deliveries', abandonedCount, abandonedCount > 0 ? 'bad' : 'ok', '/deliveries/abandoned')}
      </section>
      <section class="panel" aria-labelledby="pending-h">
        <div class="panel-head"><h2 id="pending-h">Pending transactions by age and network</h2><a href="/payments/stuck?minAge=${stuckFrom}">List the stuck ones →</a></div>
        ${pendingTable(pending)}
      </section>
      <div class="grid">
        <section class="panel" aria-labelledby="ops-h"><h2 id="ops-h">Operators: circuit breakers</h2>${breakerTable(breakers)}</section>
        <section class="panel" aria-labelledby="outbox-h"><h2 id="outbox-h">Outbox lag</h2>
          <dl class="facts">
            <dt>Not yet published</dt><dd><strong>${outbox.unpublished}</strong> ${outbox.unpublished ? html`<span class="muted">oldest ${age(outbox.oldestUnpublishedSeconds)}</span>` : ''}</dd>
            <dt>Published, not taken by the dispatcher</dt><dd><strong>${outbox.publishedNotTaken}</strong> ${outbox.publishedNotTaken ? html`<span class="muted">oldest ${age(outbox.oldestNotTakenSeconds)}</span>` : ''}</dd>
          </dl>
          <p class="muted" style="font-size:.85rem">payments-core publishes each committed event; its sweeper re-publishes any the dispatcher has not taken.</p>
        </section>
      </div>
      <section class="panel" aria-labelledby="inv-h"><h2 id="inv-h">Money invariants (last reconciler check)</h2>${invariantTable(invariants)}</section>`;
    return page({ title: 'Overview', path: '/', viewer: viewerOf(signedIn), body });
  }
}

function stat(label: string, value: number, tone: 'ok' | 'warn' | 'bad', href: string): SafeHtml {
  return html`<a class="panel" href="${href}" style="text-decoration:none;color:inherit;margin:0"><div class="stat stat-${tone}">${value}</div><div class="stat-label">${label}</div></a>`;
}

function pendingTable(counts: PendingCount[]): SafeHtml {
  if (counts.length === 0) return html`<p class="empty">Nothing pending.</p>`;
  const rows = new Map<string, PendingCount[]>();
  for (const c of counts) {
    const key = `${c.network}|${c.mode}|${c.direction}`;
    rows.set(key, [...(rows.get(key) ?? []), c]);
  }
  return html`<table class="responsive">
    <thead><tr><th>Network</th><th>Mode</th><th>Direction</th>${PENDING_AGE_BUCKETS.map((b) => html`<th class="num">${b.label}</th>`)}<th class="num">Total</th></tr></thead>
    <tbody>${[...rows.entries()].map(([key, cells]) => {
      const [network, mode, direction] = key.split('|');
      return html`<tr><td data-label="Network"><strong>${network}</strong></td><td data-label="Mode">${mode}</td><td data-label="Direction">${direction}</td>
        ${PENDING_AGE_BUCKETS.map((b, i) => {
          const n = cells.find((c) => c.bucket === i)?.count ?? 0;
          return html`<td class="num" data-label="${b.label}">${n ? html`<a href="/payments/stuck?minAge=${BUCKET_FROM[i]}&network=${network}&mode=${mode}">${n}</a>` : html`<span class="muted">0</span>`}</td>`;
        })}
        <td class="num" data-label="Total"><strong>${cells.reduce((n, c) => n + c.count, 0)}</strong></td></tr>`;
    })}</tbody></table>`;
}

function breakerTable(signal: Signal<BreakerView[]>): SafeHtml {
  if (!signal.ok) return html`<p class="error">operator-adapter metrics unavailable: ${signal.error}</p>`;
  if (signal.value.length === 0) return html`<p class="empty">No operator has been called since operator-adapter started.</p>`;
  return html`<table class="responsive"><thead><tr><th>Operator</th><th>Circuit</th><th class="num">Calls (window)</th><th class="num">Error rate</th><th class="num">Not sent</th></tr></thead>
    <tbody>${signal.value.map(
      (b) => html`<tr><td data-label="Operator"><strong>${b.network}</strong> <span class="muted">${b.mode}</span></td><td data-label="Circuit">${badge(b.state)}</td>
        <td class="num" data-label="Calls">${b.calls}</td><td class="num" data-label="Error rate">${b.errorRate === null ? '—' : `${(b.errorRate * 100).toFixed(1)}%`}</td><td class="num" data-label="Not sent">${b.rejected}</td></tr>`,
    )}</tbody></table>`;
}

function invariantTable(signal: Signal<{ checkedAt: Date | null; results: InvariantView[] }>): SafeHtml {
  if (!signal.ok) return html`<p class="error">reconciler metrics unavailable: ${signal.error}</p>`;
  if (signal.value.results.length === 0) return html`<p class="empty">The reconciler has not checked the invariants yet.</p>`;
  return html`<p class="muted">Checked ${when(signal.value.checkedAt)}. Details: <code>admin-cli invariants</code>.</p>
    <table class="responsive"><thead><tr><th>Invariant</th><th>Result</th><th class="num">Violations</th></tr></thead>
    <tbody>${signal.value.results.map(
      (r) => html`<tr><td data-label="Invariant"><code>${r.name}</code></td><td data-label="Result">${badge(r.violations > 0 ? 'violated' : 'ok')}</td><td class="num" data-label="Violations">${r.violations}</td></tr>`,
    )}</tbody></table>`;
}
