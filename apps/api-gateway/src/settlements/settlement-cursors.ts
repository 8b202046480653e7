import { ApiError } from '@momo/platform';
import { isUuid } from '@momo/money-requests';

/** Opaque cursors of the settlement lists: base64url JSON of the last item's position. */
function encode(parts: string[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

function decode(cursor: string, length: number): string[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw ApiError.of('INVALID_CURSOR');
  }
  if (!Array.isArray(decoded) || decoded.length !== length || decoded.some((p) => typeof p !== 'string')) throw ApiError.of('INVALID_CURSOR');
  return decoded as string[];
}

const JOURNAL_ID = /^[1-9]\d{0,17}$/;

export const journalCursor = {
  encode: (id: string) => encode(['j', id]),
  decode: (cursor?: string): string | undefined => {
    if (cursor === undefined) return undefined;
    const [tag, id] = decode(cursor, 2);
    if (tag !== 'j' || !JOURNAL_ID.test(id)) throw ApiError.of('INVALID_CURSOR');
    return id;
  },
};

export const settlementCursor = {
  encode: (periodEnd: Date, id: string) => encode([periodEnd.toISOString(), id]),
  decode: (cursor?: string): { periodEnd: string; id: string } | undefined => {
    if (cursor === undefined) return undefined;
    const [periodEnd, id] = decode(cursor, 2);
    if (Number.isNaN(Date.parse(periodEnd)) || !isUuid(id)) throw ApiError.of('INVALID_CURSOR');
    return { periodEnd, id };
  },
};

export const idCursor = {
  encode: (id: string) => encode(['t', id]),
  decode: (cursor?: string): string | undefined => {
    if (cursor === undefined) return undefined;
    const [tag, id] = decode(cursor, 2);
    if (tag !== 't' || !isUuid(id)) throw ApiError.of('INVALID_CURSOR');
    return id;
  },
};
