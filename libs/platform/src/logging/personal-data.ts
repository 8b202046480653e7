import { stdSerializers } from 'pino';

/**
 * Rwandan wallet numbers in any spelling (0788123456, 250788123456, +250788123456, and the
 * national 788123456 Airtel uses, `+` percent-encoded in URLs) wherever they appear in text:
 * error messages, stacks, SQL, request URLs.
 */
const PHONE_NUMBER = /(?<!\w)((?:\+|%2[Bb])?250|0)?(7\d)(\d{4})(\d{3})(?!\w)/g;

/** `250788****456`: enough to tell two numbers apart in a log, not enough to call anyone. */
export function maskPhoneNumbers(text: string): string {
  return text.replace(PHONE_NUMBER, (_all, country: string | undefined, prefix: string, _middle: string, last: string) => `${country ?? ''}${prefix}****${last}`);
}

/**
 * Members of database and driver errors that carry the statement's values: TypeORM's
 * QueryFailedError keeps `parameters` (every bound value: phone numbers, names, amounts), and
 * Postgres puts offending values in `detail` ("Key (msisdn)=(2507…) already exists") and `where`.
 */
const VALUE_CARRYING_MEMBERS = new Set(['parameters', 'detail', 'where', 'internalQuery', 'data']);

type SerializedError = Record<string, unknown>;

/**
 * pino's `err` serializer, minus the statement's values, with phone numbers masked in whatever
 * text is left (message, stack, the SQL text itself). The SQL text is kept: it names the failing
 * statement, and every value in it is a bound parameter.
 */
export function serializeErrorForLog(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return typeof error === 'string' ? maskPhoneNumbers(error) : error;
  }
  const serialized = (error instanceof Error ? stdSerializers.err(error) : { ...(error as object) }) as SerializedError;
  return scrub(serialized, depth);
}

function scrub(value: SerializedError, depth: number): SerializedError {
  const out: SerializedError = {};
  for (const [key, member] of Object.entries(value)) {
    if (VALUE_CARRYING_MEMBERS.has(key)) continue;
    if (typeof member === 'string') out[key] = maskPhoneNumbers(member);
    else if (member && typeof member === 'object' && depth < 3) out[key] = serializeErrorForLog(member, depth + 1);
    else out[key] = member;
  }
  return out;
}
