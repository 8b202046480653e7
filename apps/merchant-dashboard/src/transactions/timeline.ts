import type { TimelineEntryView, WebhookDeliveryDetailView } from '@momo/contracts';
import type { TransactionEntity, TransactionTrail } from '@momo/data';

const BODY_LIMIT = 4_000;
const NETWORK_NAMES: Record<string, string> = { mtn: 'MTN MoMo', airtel: 'Airtel Money' };

/**
 * One transaction's story in time order: its creation, every request to the operator and its
 * answer, callbacks, the reconciler's checks, the final status, refunds and every webhook attempt.
 */
export function buildTimeline(t: TransactionEntity, trail: TransactionTrail, deliveries: WebhookDeliveryDetailView[]): TimelineEntryView[] {
  const entries: TimelineEntryView[] = [];
  const network = NETWORK_NAMES[t.network] ?? t.network;
  entries.push(entry(t.createdAt, 'created', `${t.direction === 'collect' ? 'Payment' : t.reversesPaymentId ? 'Refund' : 'Payout'} created`, {
    detail: `Initiated by ${t.initiatedBy === "api" ? "the API" : t.initiatedBy === "dashboard" ? "the dashboard" : "the platform"}`,
    facts: [
      { label: 'Amount', value: `${t.amount.toLocaleString('en-US')} RWF` },
      { label: 'Fee', value: `${t.fee.toLocaleString('en-US')} RWF` },
      { label: 'Wallet', value: `+${t.msisdn} (${network})` },
    ],
  }));
  for (const r of trail.requests) {
    const ok = r.responseStatus !== null && r.responseStatus < 400;
    entries.push(entry(r.createdAt, 'operator_request', `${network}: ${operationName(r.operation)}`, {
      detail: r.error ? `No answer: ${r.error}` : `Answered HTTP ${r.responseStatus}`,
      tone: r.error || !ok ? 'failure' : 'neutral',
      facts: [
        { label: 'Request', value: `${r.method} ${pathOf(r.url)}` },
        { label: 'Duration', value: `${r.durationMs} ms` },
      ],
      body: clip(r.responseBody),
    }));
  }
  for (const c of trail.callbacks) {
    entries.push(entry(c.createdAt, 'operator_callback', `Callback from ${network}`, {
      detail: `Outcome: ${c.outcome.replace(/_/g, ' ')}`,
      facts: [{ label: 'Path', value: c.path }],
      body: clip(c.body),
    }));
  }
  if (trail.reconciliation?.last_checked_at && trail.reconciliation.checks_made > 0) {
    const n = trail.reconciliation.checks_made;
    entries.push(entry(new Date(trail.reconciliation.last_checked_at), 'reconciliation', `Reconciler checked the status with ${network}`, {
      detail: `${n} check${n === 1 ? '' : 's'} so far${t.status === 'pending' ? `; next at ${new Date(trail.reconciliation.next_check_at).toISOString()}` : ''}`,
    }));
  }
  for (const x of trail.exceptions) {
    entries.push(entry(new Date(x.first_seen_at), 'exception', 'Operator answer contradicts the final status', {
      detail: `${network} reported ${x.reported_status} (${x.source}); ${x.resolved_at ? `resolved: ${x.resolution}` : 'under review by the platform team'}`,
      tone: 'failure',
    }));
  }
  if (t.completedAt) {
    const succeeded = t.status === 'succeeded';
    entries.push(entry(t.completedAt, 'status', succeeded ? 'Succeeded' : 'Failed', {
      detail: succeeded ? null : `${t.failureCode ?? 'FAILED'}: ${t.failureMessage ?? ''}`.trim(),
      tone: succeeded ? 'success' : 'failure',
      facts: t.providerRef ? [{ label: 'Operator reference', value: t.providerRef }] : [],
    }));
  }
  if (t.settledAt) entries.push(entry(t.settledAt, 'status', 'Settled to the available balance', { tone: 'success' }));
  for (const refund of trail.refunds) {
    entries.push(entry(refund.createdAt, 'refund', `Refund of ${refund.amount.toLocaleString('en-US')} RWF`, {
      detail: `Status: ${refund.status}${refund.failureMessage ? ` (${refund.failureMessage})` : ''}`,
      tone: refund.status === 'succeeded' ? 'success' : refund.status === 'failed' ? 'failure' : 'neutral',
      facts: [{ label: 'Refund id', value: refund.id }],
    }));
  }
  for (const d of deliveries) {
    for (const a of d.attempts) {
      const ok = a.status_code !== null && a.status_code >= 200 && a.status_code < 300;
      entries.push(entry(new Date(a.started_at), 'webhook_attempt', `Webhook ${d.event_type}, attempt ${a.number}${a.trigger === 'replay' ? ' (replay)' : ''}`, {
        detail: a.error ? a.error : `Your endpoint answered HTTP ${a.status_code}`,
        tone: ok ? 'success' : 'failure',
        facts: [
          { label: 'URL', value: a.url ?? d.url },
          { label: 'Duration', value: `${a.duration_ms} ms` },
        ],
        body: clip(a.response_body),
      }));
    }
  }
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

function entry(
  at: Date,
  kind: TimelineEntryView['kind'],
  title: string,
  more: Partial<Pick<TimelineEntryView, 'detail' | 'tone' | 'facts' | 'body'>> = {},
): TimelineEntryView {
  return { at: at.toISOString(), kind, title, detail: more.detail ?? null, tone: more.tone ?? 'neutral', facts: more.facts ?? [], body: more.body ?? null };
}

function operationName(operation: string): string {
  return operation.replace(/[_-]/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function clip(body: string | null): string | null {
  if (body === null || body === '') return null;
  return body.length > BODY_LIMIT ? `${body.slice(0, BODY_LIMIT)}…` : body;
}
