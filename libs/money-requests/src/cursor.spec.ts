import { ApiError } from '@momo/platform';
import { decodeCursor, encodeCursor, paginate } from './cursor';

describe('cursors', () => {
  const position = { createdAt: '2026-01-02T03:04:05.123456Z', id: '6f1c2f0e-2a4b-4c4d-8e8f-0a1b2c3d4e5f' };

  it('round-trips a position, microseconds included', () => {
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
    expect(decodeCursor(undefined)).toBeUndefined();
  });

  it('refuses anything it did not make', () => {
    for (const bad of ['', 'not-base64!', Buffer.from('[1,2]').toString('base64url'), Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from(JSON.stringify(['2026-01-02', position.id])).toString('base64url'), Buffer.from(JSON.stringify([position.createdAt, 'x'])).toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow(ApiError);
    }
  });

  it('pages with one extra row to know whether more follow', () => {
    const rows = [1, 2, 3].map((n) => ({ item: n, position: { ...position, id: position.id.replace(/f$/, String(n)) } }));
    expect(paginate(rows, 2)).toEqual({ data: [1, 2], pagination: { limit: 2, has_more: true, next_cursor: encodeCursor(rows[1].position) } });
    expect(paginate(rows, 3).pagination).toEqual({ limit: 3, has_more: false, next_cursor: null });
  });
});
