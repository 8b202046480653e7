import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { TransactionView } from '@momo/contracts';
import type { Direction, Mode, TransactionStatus } from '@momo/domain';
import { MicroBatcher } from '@momo/platform';
import { TransactionEntity } from '../entities';
import { hydrate } from './hydrate';
import { keyedRows } from './keyed-statements';
import { exactCreatedAt, olderThan, PagePosition, positionOf } from './paging';
import { rowsOf, sql, Where } from './sql';
import { TRANSACTION_VIEW_SQL } from './transaction-view.sql';
import type { Table } from '../ownership';

/** What GET /v1/payments filters on; the app and mode always come from the API key. */
export interface TransactionFilters {
  appId: string;
  mode: Mode;
  status?: TransactionStatus;
  direction?: Direction;
  reference?: string;
  msisdn?: string;
  /** Inclusive lower bound of created_at (ISO 8601). */
  createdFrom?: string;
  /** Exclusive upper bound of created_at (ISO 8601). */
  createdTo?: string;
}

/**
 * Several transactions by id in one statement; absent ids are absent from the map. A keyed
 * statement (prepared, on connections whose generic plan can only probe the primary key): as an
 * ordinary prepared statement it soon got a generic plan, and one made while the table was small
 * was a sequential scan that the connection kept as the table grew (3-5 ms per call within a
 * minute of bench:e2e); unnamed, it cost 37 µs of planning per cash-in for 19 of execution.
 */
export async function transactionsByIds(em: EntityManager, ids: string[]): Promise<Map<string, TransactionEntity>> {
  const rows = await keyedRows(em, 'transactions-by-ids', `SELECT * FROM transactions WHERE id = ANY($1::uuid[])`, [ids]);
  return new Map(rows.map((row) => [row.id as string, hydrate(em, TransactionEntity, row)]));
}

/** A transaction's resource, with the app and mode it belongs to. */
interface OwnedView {
  appId: string;
  mode: Mode;
  view: TransactionView;
}

/** Transactions as other services read them (the gateway's /v1 reads, the adapter's lookups); payments-core writes them. */
@Injectable()
export class TransactionReadsRepository {
  static readonly writes: readonly Table[] = [];

  /**
   * Reads of single transactions wanted at the same moment (concurrent `GET /v1/payments/:id`)
   * go to Postgres as one keyed statement: one query written and one backend woken for all of
   * them, where that write and wake-up were a fifth of the gateway's busy time on a `GET`.
   */
  private readonly views = new MicroBatcher<string, OwnedView | null>(
    async (ids) => {
      const rows = await keyedRows(this.dataSource.manager, 'transaction-views-by-ids', `SELECT id, app_id, mode, ${TRANSACTION_VIEW_SQL} AS view FROM transactions WHERE id = ANY($1::uuid[])`, [
        [...new Set(ids)],
      ]);
      const byId = new Map(rows.map((row) => [row.id as string, { appId: row.app_id as string, mode: row.mode as Mode, view: row.view as TransactionView }]));
      return ids.map((id) => byId.get(id) ?? null);
    },
    { maxBatch: 200, maxConcurrentFlushes: 2, gatherTurn: true },
  );

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Several transactions by id in one statement; absent ids are absent from the map. */
  async findByIds(ids: string[], em: EntityManager = this.dataSource.manager): Promise<Map<string, TransactionEntity>> {
    return transactionsByIds(em, ids);
  }

  /** One page, newest first, before the position of the previous page's last row. */
  async list(filters: TransactionFilters, limit: number, before?: PagePosition): Promise<{ transaction: TransactionEntity; position: PagePosition }[]> {
    const where = new Where()
      .and(sql`app_id = ${filters.appId}`)
      .and(sql`mode = ${filters.mode}`)
      .andIf(filters.status, (status) => sql`status = ${status}`)
      .andIf(filters.direction, (direction) => sql`direction = ${direction}`)
      .andIf(filters.msisdn, (msisdn) => sql`msisdn = ${msisdn}`)
      .andIf(filters.createdFrom, (from) => sql`created_at >= ${from}::timestamptz`)
      .andIf(filters.createdTo, (to) => sql`created_at < ${to}::timestamptz`)
      .andIf(before, (position) => olderThan(position));
    // An empty reference still filters (reference = ''), unlike the other empty filters.
    if (filters.reference !== undefined) where.and(sql`reference = ${filters.reference}`);
    const em = this.dataSource.manager;
    const rows = await rowsOf(em, sql`SELECT *, ${exactCreatedAt()} AS created_at_exact FROM transactions
        WHERE ${where.toSql()} ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
    return rows.map((row) => ({ transaction: hydrate(em, TransactionEntity, row), position: positionOf(row) }));
  }

  /**
   * The Transaction resource of one app's transaction in one mode (anything else is simply not
   * found), built by Postgres. For one row, pg's describing and converting of 29 columns, the
   * hydration and the mapping were most of the gateway's work on the read (callgrind: 622k
   * instructions against 364k). A page of rows stays with `list`: there JSON building would only
   * move the per-row cost onto Postgres (docs/performance.md, step 23).
   */
  async viewForApp(id: string, appId: string, mode: Mode): Promise<TransactionView | null> {
    const found = await this.views.submit(id);
    return found && found.appId === appId && found.mode === mode ? found.view : null;
  }
}
