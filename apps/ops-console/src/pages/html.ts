/**
 * Server-rendered HTML with escaping by default: every interpolated value is escaped unless it is
 * itself the result of `html` (or `raw`), so data from Postgres or a job can never become markup.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = SafeHtml | string | number | boolean | null | undefined | Interpolation[];

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1];
  });
  return new SafeHtml(out);
}

export function raw(value: string): SafeHtml {
  return new SafeHtml(value);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** RWF amounts as on-call reads them: grouped thousands, no decimals. */
export function rwf(amount: number | string): string {
  return `${Number(amount).toLocaleString('en-US')} RWF`;
}

/** 250788123456 -> 250 78 8xx x456: enough to match a caller, not a full number on screen. */
export function maskedPhone(msisdn: string): string {
  return msisdn.length === 12 ? `${msisdn.slice(0, 3)} ${msisdn.slice(3, 5)} ${msisdn.slice(5, 6)}•• •${msisdn.slice(9)}` : msisdn;
}

/** A duration as on-call reads it: the two largest units, the second left out when it is zero ("5m", "1h 30m"). */
export function age(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3_600) return twoUnits(Math.floor(s / 60), 'm', s % 60, 's');
  if (s < 86_400) return twoUnits(Math.floor(s / 3_600), 'h', Math.floor((s % 3_600) / 60), 'm');
  return twoUnits(Math.floor(s / 86_400), 'd', Math.floor((s % 86_400) / 3_600), 'h');
}

function twoUnits(major: number, majorUnit: string, minor: number, minorUnit: string): string {
  return minor === 0 ? `${major}${majorUnit}` : `${major}${majorUnit} ${minor}${minorUnit}`;
}

export function when(date: Date | string | null | undefined): SafeHtml {
  if (!date) return html`<span class="muted">—</span>`;
  const d = new Date(date);
  return html`<time datetime="${d.toISOString()}" title="${d.toISOString()}">${d.toISOString().replace('T', ' ').slice(0, 19)}Z</time>`;
}

const BADGE_TONES: Record<string, string> = {
  succeeded: 'ok',
  delivered: 'ok',
  ok: 'ok',
  closed: 'ok',
  pending: 'warn',
  'half-open': 'warn',
  failed: 'bad',
  abandoned: 'bad',
  open: 'bad',
  denied: 'bad',
  violated: 'bad',
};

export function badge(text: string, tone = BADGE_TONES[text] ?? 'neutral'): SafeHtml {
  return html`<span class="badge badge-${tone}">${text}</span>`;
}
