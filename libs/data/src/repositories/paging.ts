import { Sql, sql } from './sql';

/**
 * A row's place in a keyset-paged listing: created_at to the microsecond (as Postgres text; a JS
 * Date would lose the microseconds and skip or repeat rows) and the id as tie-breaker.
 */
export interface PagePosition {
  createdAt: string;
  id: string;
}

/** `created_at` as exact text, selected `AS created_at_exact` so `positionOf` can read it. */
export function exactCreatedAt(column = 'created_at'): Sql {
  return sql`to_char(${Sql.identifier(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The position of a row selected with `exactCreatedAt(…) AS created_at_exact`. */
export function positionOf(row: Record<string, unknown>): PagePosition {
  return { createdAt: row.created_at_exact as string, id: row.id as string };
}

/** Rows strictly after `position` in a newest-first listing ordered by (created_at, id) DESC. */
export function olderThan(position: PagePosition, alias?: string): Sql {
  const column = (name: string) => Sql.identifier(alias ? `${alias}.${name}` : name);
  return sql`(${column('created_at')}, ${column('id')}) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`;
}

/** Rows strictly after `position` in an oldest-first listing ordered by (created_at, id). */
export function newerThan(position: PagePosition, alias?: string): Sql {
  const column = (name: string) => Sql.identifier(alias ? `${alias}.${name}` : name);
  return sql`(${column('created_at')}, ${column('id')}) > (${position.createdAt}::timestamptz, ${position.id}::uuid)`;
}
