import { PagePosition } from '@momo/data';
import { ApiError } from '@momo/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Opaque to merchants: the position of the last item of a page, base64url JSON. */
export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): PagePosition | undefined {
  if (cursor === undefined) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw ApiError.of('INVALID_CURSOR');
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) throw ApiError.of('INVALID_CURSOR');
  const [createdAt, id] = decoded as unknown[];
  if (typeof createdAt !== 'string' || !EXACT_TIMESTAMP.test(createdAt) || Number.isNaN(Date.parse(createdAt))) throw ApiError.of('INVALID_CURSOR');
  if (typeof id !== 'string' || !UUID.test(id)) throw ApiError.of('INVALID_CURSOR');
  return { createdAt, id };
}

/** Fetch one more than asked: its presence says whether there is a next page. */
export function paginate<T>(rows: { item: T; position: PagePosition }[], limit: number) {
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    data: page.map((r) => r.item),
    pagination: { limit, has_more: hasMore, next_cursor: hasMore ? encodeCursor(page[page.length - 1].position) : null },
  };
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
