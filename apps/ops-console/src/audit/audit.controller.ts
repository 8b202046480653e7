import { Controller, Get, Header } from '@nestjs/common';
import { ConsoleAccountsRepository } from '@momo/data';
import { SignedIn, SignedInRequest, viewerOf } from '../auth/signed-in';
import { badge, html, when } from '../pages/html';
import { page } from '../pages/layout';

/** The last 300 console actions, newest first (the full log is the console_audit_log table). */
@Controller('audit')
export class AuditController {
  constructor(private readonly accounts: ConsoleAccountsRepository) {}

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  async log(@SignedIn() signedIn: SignedInRequest): Promise<string> {
    const entries = await this.accounts.recentAudit(300);
    const body = html`<section class="panel"><table class="responsive">
      <thead><tr><th>When</th><th>Who</th><th>Action</th><th>Target</th><th>Outcome</th><th>Details</th><th>From</th></tr></thead>
      <tbody>${entries.map(
        (e) => html`<tr><td data-label="When">${when(e.at)}</td><td data-label="Who">${e.operatorEmail}</td><td data-label="Action">${e.action}</td>
          <td data-label="Target"><span class="mono">${e.target ?? ''}</span></td><td data-label="Outcome">${badge(e.outcome)}</td><td data-label="Details" class="muted">${details(e.details)}</td><td data-label="From" class="mono">${e.ip ?? ''}</td></tr>`,
      )}</tbody></table></section>`;
    return page({ title: 'Audit log', path: '/audit', viewer: viewerOf(signedIn), body });
  }
}

/** `reason: wrong_password · role: viewer`: the audit row's details, short. */
function details(values: Record<string, unknown>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' · ');
}
