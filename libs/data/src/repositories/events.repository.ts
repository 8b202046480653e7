import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Mode } from '@momo/domain';
import { queryRows } from './hydrate';
import { exactCreatedAt, olderThan, PagePosition, positionOf } from './paging';
import { rowsOf, Sql, sql, Where } from './sql';
import { WEBHOOK_BODY_SQL } from './webhook-body.sql';
import type { Table } from '../ownership';

/** Whose events a key may read: one app's (app keys) or every app's of an account (account keys), in one mode. */
export interface EventScope {
  merchantId: string;
  mode: Mode;
  /** Set for app keys; for account keys an optional filter. */
  appId?: string;
}

export interface EventFilters {
  types?: readonly string[];
  createdFrom?: Date;
  createdTo?: Date;
}

/** One event as the API shows it: the webhook body (as its exact text) and where it belongs. */
export interface StoredEvent {
  id: string;
  appId: string;
  /** The exact body its webhook carries. */
  body: string;
}

/**
 * The events merchants read through `GET /v1/events`: the outbox rows payments-core writes with
 * each final status, in the same Postgres transaction. They are kept as long as the transactions
 * they announce (the ledger invariants check that every final transaction has its event), so far
 * longer than the 30 days the contract promises.
 */
@Injectable()
export class EventsRepository {
  static readonly writes: readonly Table[] = [];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first, after `before`; one extra row tells whether more follow. */
  async list(scope: EventScope, filters: EventFilters, limit: number, before?: PagePosition): Promise<{ event: StoredEvent; position: PagePosition }[]> {
    const where = new Where()
      .and(sql`a.merchant_id = ${scope.merchantId}`)
      .and(sql`(e.payload->>'mode') = ${scope.mode}`)
      .andIf(scope.appId, (appId) => sql`e.app_id = ${appId}`)
      .andIf(filters.types?.length ? filters.types : undefined, (types) => sql`e.event_type = ANY(${types}::text[])`)
      .andIf(filters.createdFrom, (from) => sql`e.created_at >= ${from}`)
      .andIf(filters.createdTo, (to) => sql`e.created_at < ${to}`)
      .andIf(before, (position) => olderThan(position, 'e'));
    const rows = await rowsOf(this.dataSource.manager, sql`SELECT e.id, e.app_id, ${Sql.trusted(WEBHOOK_BODY_SQL)} AS body, ${exactCreatedAt('e.created_at')} AS created_at_exact
         FROM outbox_events e JOIN apps a ON a.id = e.app_id
        WHERE ${where.toSql()}
        ORDER BY e.created_at DESC, e.id DESC
        LIMIT ${limit + 1}`);
    return rows.map((row) => ({
      event: { id: row.id as string, appId: row.app_id as string, body: row.body as string },
      position: positionOf(row),
    }));
  }

  /** One event, or null when it does not exist or is outside the scope (another app, account or mode). */
  async find(id: string, scope: EventScope): Promise<StoredEvent | null> {
    const params: unknown[] = [id, scope.merchantId, scope.mode];
    if (scope.appId) params.push(scope.appId);
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT e.id, e.app_id, ${WEBHOOK_BODY_SQL} AS body
         FROM outbox_events e JOIN apps a ON a.id = e.app_id
        WHERE e.id = $1 AND a.merchant_id = $2 AND (e.payload->>'mode') = $3 ${scope.appId ? 'AND e.app_id = $4' : ''}`,
      params,
    );
    return rows.length ? { id: rows[0].id as string, appId: rows[0].app_id as string, body: rows[0].body as string } : null;
  }
}
