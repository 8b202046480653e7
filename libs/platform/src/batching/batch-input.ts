/**
 * The rows of a batch statement given as parallel arrays, `$1` … `$n` in the order of `columns`:
 * `SELECT ($1::uuid[])[ordinal] AS id, … FROM batch_ordinals(cardinality($1::uuid[])) AS ordinal`.
 * `batch_ordinals(n)` returns 1..n and is declared `ROWS 4` (migration 1795410070000; the
 * simulator has its own): unlike an `unnest` of the same arrays, which a generic plan counts as 10
 * rows and a custom plan as the real count, the input is sized the same in every plan, so a
 * prepared statement built on it is planned once per connection instead of on every call.
 */
export function batchInput(columns: readonly (readonly [name: string, type: string])[], ordinals = 'batch_ordinals'): string {
  const cells = columns.map(([name, type], index) => `($${index + 1}::${type}[])[ordinal] AS ${name}`);
  return `SELECT ${cells.join(', ')}, ordinal FROM ${ordinals}(cardinality($1::${columns[0][1]}[])) AS ordinal`;
}
