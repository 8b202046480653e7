import { EntityManager, ObjectLiteral, EntityTarget } from 'typeorm';

/**
 * Turns a raw row (from hand-written SQL with RETURNING) into an entity, applying the entity's
 * column names and transformers, so hot paths can use one statement without a re-read.
 */
export function hydrate<T extends ObjectLiteral>(em: EntityManager, target: EntityTarget<T>, row: Record<string, unknown>): T {
  const metadata = em.connection.getMetadata(target);
  const entity = metadata.create() as Record<string, unknown>;
  for (const column of metadata.columns) {
    let value = row[column.databaseName];
    const transformer = column.transformer;
    if (transformer && !Array.isArray(transformer)) value = transformer.from(value);
    entity[column.propertyName] = value;
  }
  return entity as T;
}

/**
 * Runs SQL with RETURNING and gives back the rows, whatever the statement: TypeORM's postgres
 * driver answers UPDATE/DELETE with `[rows, rowCount]` but INSERT/SELECT with `rows`.
 */
export async function queryRows(em: EntityManager, sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const result: unknown = await em.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as Record<string, unknown>[];
  }
  return result as Record<string, unknown>[];
}
