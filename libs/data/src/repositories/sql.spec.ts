import { olderThan } from './paging';
import { Sql, sql, Where } from './sql';

describe('Sql', () => {
  it('binds every value as a numbered parameter, nested fragments renumbered in order', () => {
    const inner = sql`b = ${2} AND c = ${'x'}`;
    expect(sql`SELECT * FROM t WHERE a = ${1} AND ${inner} LIMIT ${10}`.build()).toEqual({
      text: 'SELECT * FROM t WHERE a = $1 AND b = $2 AND c = $3 LIMIT $4',
      params: [1, 2, 'x', 10],
    });
  });

  it('keeps a value that looks like SQL a parameter', () => {
    expect(sql`a = ${"'; DROP TABLE t; --"}`.build()).toEqual({ text: 'a = $1', params: ["'; DROP TABLE t; --"] });
  });

  it('admits only plain identifiers', () => {
    expect(Sql.identifier('d.created_at').build().text).toBe('d.created_at');
    expect(() => Sql.identifier('created_at; DROP TABLE t')).toThrow('not an SQL identifier');
    expect(() => Sql.identifier('a.b.c')).toThrow('not an SQL identifier');
  });

  it('joins optional filters with AND, skipping absent ones, each in parentheses', () => {
    const where = new Where()
      .and(sql`merchant_id = ${'m'}`)
      .andIf(undefined, (v: string) => sql`app_id = ${v}`)
      .andIf('', (v: string) => sql`status = ${v}`)
      .andIf(Sql.join([sql`id = ${'i'}`, sql`reference = ${'r'}`], ' OR '), (any) => any)
      .andIf({ createdAt: '2026-01-01T00:00:00.000001Z', id: 'x' }, (p) => olderThan(p, 'd'));
    expect(where.toSql().build()).toEqual({
      text: '(merchant_id = $1) AND ((id = $2) OR (reference = $3)) AND ((d.created_at, d.id) < ($4::timestamptz, $5::uuid))',
      params: ['m', 'i', 'r', '2026-01-01T00:00:00.000001Z', 'x'],
    });
  });
});
