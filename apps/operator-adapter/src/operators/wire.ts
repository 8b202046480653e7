/** Small readers shared by the operators' answer parsers: both are liberal in what they accept. */

const BLANK = /^\s*$/;

export function parseJson(body: string): Record<string, unknown> | undefined {
  // MTN accepts a request to pay with 202 and no body: let that not cost a thrown SyntaxError each time.
  if (BLANK.test(body)) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function objectAt(value: unknown, ...path: string[]): Record<string, unknown> | undefined {
  let current: unknown = value;
  for (const key of path) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current && typeof current === 'object' ? (current as Record<string, unknown>) : undefined;
}

export function stringAt(value: Record<string, unknown> | undefined, key: string): string | undefined {
  const v = value?.[key];
  return typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : undefined;
}

/** Retry-After in seconds (operators send seconds; an HTTP date is read too). */
export function retryAfterSeconds(headers: Record<string, string>, fallback: number): number {
  const raw = headers['retry-after'];
  if (!raw) return fallback;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds > 0) return Math.ceil(seconds);
  const date = Date.parse(raw);
  return Number.isFinite(date) && date > Date.now() ? Math.ceil((date - Date.now()) / 1000) : fallback;
}
