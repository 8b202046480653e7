import { Body, Controller, Get, Header, NotFoundException, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ReconciliationExceptionsRepository, ReconciliationExceptionView } from '@momo/data';
import { ConsoleAudit } from '../audit/console-audit.service';
import { SignedIn, SignedInRequest, viewerOf } from '../auth/signed-in';
import { badge, html, rwf, when } from '../pages/html';
import { page } from '../pages/layout';

const KIND_TEXT: Record<string, string> = {
  missed_success: 'We recorded a failure; the operator says it succeeded (the customer paid, the merchant was not credited).',
  phantom_success: 'We recorded a success; the operator says it failed (the merchant was credited for money that never moved).',
  missing_at_operator: "We recorded a success the operator's report does not list.",
  missing_here: "The operator's report lists a transaction we have no record of.",
  amount_differs: "The operator's report gives another amount than we recorded.",
};

const paymentLink = (id: string | null) => (id ? html`<a class="mono" href="/payments/${id}">${id.slice(0, 8)}…</a>` : html`<span class="muted">none here</span>`);
const amount = (value: number | null) => (value === null ? '—' : rwf(value));
const status = (value: string | null) => (value ? badge(value) : html`<span class="muted">—</span>`);

/** Reconciliation exceptions: operator answers contradicting a final status. Never applied automatically; a person settles each. */
@Controller('exceptions')
export class ExceptionsController {
  constructor(
    private readonly exceptions: ReconciliationExceptionsRepository,
    private readonly audit: ConsoleAudit,
  ) {}

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  async list(@SignedIn() signedIn: SignedInRequest, @Query('all') all?: string): Promise<string> {
    const showAll = all === '1';
    const rows = await this.exceptions.list({ all: showAll, limit: 200 });
    const body = html`
      <p><a href="/exceptions${showAll ? '' : '?all=1'}">${showAll ? 'Show open ones only' : 'Show resolved ones too'}</a></p>
      <section class="panel">${rows.length === 0
        ? html`<p class="empty">No ${showAll ? '' : 'open '}reconciliation exception.</p>`
        : html`<table class="responsive"><thead><tr><th>#</th><th>First seen</th><th>Kind</th><th>Payment</th><th>Recorded → operator says</th><th class="num">Amount</th><th class="num">Seen</th><th>State</th></tr></thead>
          <tbody>${rows.map(
            (x) => html`<tr><td data-label="#"><a href="/exceptions/${x.id}">#${x.id}</a></td><td data-label="First seen">${when(x.firstSeenAt)}</td>
              <td data-label="Kind">${badge(x.kind, 'bad')}</td><td data-label="Payment">${paymentLink(x.transactionId)} <span class="muted">${x.network} ${x.mode}</span></td>
              <td data-label="Status">${x.recordedStatus ?? '—'} → <strong>${x.reportedStatus ?? '—'}</strong></td><td class="num" data-label="Amount">${amount(x.amount)}</td>
              <td class="num" data-label="Seen">${x.occurrences}×</td><td data-label="State">${x.resolvedAt ? badge('resolved', 'ok') : badge('open', 'bad')}</td></tr>`,
          )}</tbody></table>`}</section>`;
    return page({ title: 'Reconciliation exceptions', path: '/exceptions', viewer: viewerOf(signedIn), body });
  }

  @Get(':id')
  @Header('content-type', 'text/html; charset=utf-8')
  async dossier(@SignedIn() signedIn: SignedInRequest, @Param('id') id: string, @Query('done') done?: string): Promise<string> {
    const x = /^\d{1,18}$/.test(id) ? await this.exceptions.find(id) : null;
    if (!x) throw new NotFoundException();
    const viewer = viewerOf(signedIn);
    const body = html`
      <div class="grid">
        <section class="panel"><h2>What contradicts what</h2><p>${KIND_TEXT[x.kind] ?? x.kind}</p>${facts(x)}
          ${x.dossier ? html`<h3>Dossier</h3><pre>${JSON.stringify(x.dossier, null, 2)}</pre>` : ''}</section>
        <section class="panel"><h2>Resolution</h2>
          ${x.resolvedAt
            ? html`<p>${badge('resolved', 'ok')} ${when(x.resolvedAt)}</p><p>${x.resolution}</p>`
            : viewer.role === 'operator'
              ? html`<form method="post" action="/exceptions/${x.id}/resolve">
                  <input type="hidden" name="_csrf" value="${viewer.csrfToken}">
                  <label>What was done (refund sent, merchant credited by hand, operator confirmed…)
                    <textarea name="resolution" required minlength="10" maxlength="2000"></textarea></label>
                  <p><button class="button button-primary" type="submit">Mark resolved</button></p>
                </form>`
              : html`<p class="muted">Open. Only the operator role can resolve exceptions.</p>`}
          ${x.transactionId ? html`<p><a href="/payments/${x.transactionId}">The payment's whole story →</a></p>` : ''}
        </section>
      </div>`;
    return page({ title: `Exception #${x.id}`, path: '/exceptions', viewer, body, notice: done ? 'Resolved and recorded in the audit log.' : null });
  }

  @Post(':id/resolve')
  async resolve(@SignedIn() signedIn: SignedInRequest, @Param('id') id: string, @Body() body: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const resolution = typeof body?.resolution === 'string' ? body.resolution.trim() : '';
    if (signedIn.session.operator.role !== 'operator') {
      await this.audit.record(signedIn, 'resolve exception', id, 'denied', { reason: 'viewer role' });
      return void reply.code(403).type('text/html; charset=utf-8').send('<p>Your role cannot resolve exceptions.</p>');
    }
    if (!/^\d{1,18}$/.test(id) || resolution.length < 10 || resolution.length > 2000) {
      return void reply.code(400).type('text/html; charset=utf-8').send('<p>Describe the resolution in 10 to 2000 characters. Go back and try again.</p>');
    }
    const resolved = await this.exceptions.resolve(id, `${resolution} (by ${signedIn.session.operator.email} in the console)`);
    await this.audit.record(signedIn, 'resolve exception', id, resolved ? 'ok' : 'failed', { resolution, reason: resolved ? undefined : 'not open' });
    void reply.redirect(`/exceptions/${id}?done=1`, 303);
  }
}

function facts(x: ReconciliationExceptionView) {
  return html`<dl class="facts">
    <dt>Payment</dt><dd>${x.transactionId ? html`<a class="mono" href="/payments/${x.transactionId}">${x.transactionId}</a>` : html`<span class="muted">no record here</span>`}</dd>
    ${x.operatorReference ? html`<dt>Operator reference</dt><dd class="mono">${x.operatorReference}</dd>` : ''}
    <dt>Direction · network</dt><dd>${x.direction ?? '—'} · ${x.network} (${x.mode})</dd>
    <dt>Amount · fee</dt><dd>${amount(x.amount)} · ${amount(x.fee)}${x.reportedAmount !== null ? html` · operator says ${rwf(x.reportedAmount)}` : ''}</dd>
    <dt>We recorded</dt><dd>${status(x.recordedStatus)} ${x.recordedFailureCode ? html`<code>${x.recordedFailureCode}</code>` : ''}</dd>
    <dt>Operator says</dt><dd>${status(x.reportedStatus)} ${x.reportedFailureCode ? html`<code>${x.reportedFailureCode}</code>` : ''} ${x.reportedProviderRef ? html`ref <code>${x.reportedProviderRef}</code>` : ''}</dd>
    <dt>Learnt from</dt><dd>${x.source}${x.reportId ? html` · report <code>${x.reportId}</code>` : ''}</dd>
    <dt>Seen</dt><dd>${x.occurrences}× · first ${when(x.firstSeenAt)} · last ${when(x.lastSeenAt)}</dd>
  </dl>`;
}
