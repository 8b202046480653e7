const money = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole Rwandan francs (the API's minor units are francs); a no-break space keeps RWF with its amount. */
export function rwf(amount: number): string {
  return `RWF\u00a0${money.format(amount)}`;
}

export function compactRwf(amount: number): string {
  return `RWF\u00a0${new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(amount)}`;
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: '2-digit', month: 'short' });
}

/** 250788123456 → +250 788 123 456 */
export function phone(msisdn: string): string {
  const m = /^(250)(\d{3})(\d{3})(\d{3})$/.exec(msisdn);
  return m ? `+${m[1]} ${m[2]} ${m[3]} ${m[4]}` : msisdn;
}

export const NETWORK_LABEL: Record<string, string> = { mtn: 'MTN MoMo', airtel: 'Airtel Money' };

export function shortId(id: string): string {
  return id.slice(0, 8);
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
