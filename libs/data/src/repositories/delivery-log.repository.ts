import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Mode } from '@momo/domain';
import { DeliveryStatus, WebhookAttemptEntity, WebhookDeliveryEntity } from '../entities';
import { hydrate } from './hydrate';
import { exactCreatedAt, olderThan, PagePosition, positionOf } from './paging';
import { rowsOf, Sql, sql, Where } from './sql';
import type { Table } from '../ownership';

export interface DeliveryFilters {
  merchantId: string;
  mode: Mode;
  appId?: string;
  status?: DeliveryStatus;
  eventType?: string;
  transactionId?: string;
  createdFrom?: Date;
  createdTo?: Date;
}

/** Where a page of deliveries ended: created_at to the microsecond (as Postgres prints it) and id. */
export type DeliveryCursor = PagePosition;

/**
 * The delivery log merchants read (API and dashboard) and the replays they (and the on-call
 * console) ask for: a replay makes a delivery pending and due, and the dispatcher does the rest.
 */
@Injectable()
export class DeliveryLogRepository {
  static readonly writes: readonly Table[] = ['webhook_deliveries'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A manual replay: the delivery becomes pending and due now, with a new round of attempts,
   * whatever it was (delivered, abandoned, or still retrying). Only the owning merchant, in the
   * key's mode, can replay; anything else is not found.
   */
  async replay(deliveryId: string, merchantId: string, mode: Mode, now: Date): Promise<WebhookDeliveryEntity | null> {
    const rows = await this.rows(
      sql`UPDATE webhook_deliveries d SET ${replaySet(now)}
            FROM apps a
           WHERE d.id = ${deliveryId} AND a.id = d.app_id AND a.merchant_id = ${merchantId} AND d.mode = ${mode}
          RETURNING d.*`,
    );
    return rows.length === 1 ? this.delivery(rows[0]) : null;
  }

  /**
   * The on-call console's bulk replay: every abandoned delivery of one app in one mode (up to
   * `limit`, oldest first) becomes pending and due now, exactly as a merchant's own replay does.
   * Returns the deliveries, for the caller to queue their wake-up jobs.
   */
  async replayAbandoned(appId: string, mode: Mode, now: Date, limit: number): Promise<WebhookDeliveryEntity[]> {
    const rows = await this.rows(
      sql`UPDATE webhook_deliveries d SET ${replaySet(now)}
           WHERE d.id IN (SELECT id FROM webhook_deliveries WHERE app_id = ${appId} AND mode = ${mode} AND status = 'abandoned' ORDER BY created_at LIMIT ${limit})
             AND d.status = 'abandoned'
          RETURNING d.*`,
    );
    return rows.map((row) => this.delivery(row));
  }

  /** One delivery of a merchant (in a mode), with its attempts in order. */
  async findForMerchant(
    deliveryId: string,
    merchantId: string,
    mode: Mode,
  ): Promise<{ delivery: WebhookDeliveryEntity; attempts: WebhookAttemptEntity[] } | null> {
    const rows = await this.rows(
      sql`SELECT d.* FROM webhook_deliveries d JOIN apps a ON a.id = d.app_id
           WHERE d.id = ${deliveryId} AND a.merchant_id = ${merchantId} AND d.mode = ${mode}`,
    );
    if (rows.length === 0) return null;
    const attempts = await this.dataSource.manager.find(WebhookAttemptEntity, { where: { deliveryId }, order: { attemptNumber: 'ASC' } });
    return { delivery: this.delivery(rows[0]), attempts };
  }

  /** A page of a merchant's deliveries, newest first, after `cursor`; one extra row tells whether more follow. */
  async listForMerchant(
    filters: DeliveryFilters,
    page: { limit: number; after?: DeliveryCursor },
  ): Promise<{ deliveries: WebhookDeliveryEntity[]; next: DeliveryCursor | null }> {
    const where = new Where()
      .and(sql`a.merchant_id = ${filters.merchantId}`)
      .and(sql`d.mode = ${filters.mode}`)
      .andIf(filters.appId, (appId) => sql`d.app_id = ${appId}`)
      .andIf(filters.status, (status) => sql`d.status = ${status}`)
      .andIf(filters.eventType, (eventType) => sql`d.event_type = ${eventType}`)
      .andIf(filters.transactionId, (transactionId) => sql`d.transaction_id = ${transactionId}`)
      .andIf(filters.createdFrom, (from) => sql`d.created_at >= ${from}`)
      .andIf(filters.createdTo, (to) => sql`d.created_at < ${to}`)
      .andIf(page.after, (after) => olderThan(after, 'd'));
    const rows = await this.rows(
      sql`SELECT d.*, ${exactCreatedAt('d.created_at')} AS created_at_exact
            FROM webhook_deliveries d JOIN apps a ON a.id = d.app_id
           WHERE ${where.toSql()}
           ORDER BY d.created_at DESC, d.id DESC
           LIMIT ${page.limit + 1}`,
    );
    const pageRows = rows.slice(0, page.limit);
    const last = pageRows[pageRows.length - 1];
    return {
      deliveries: pageRows.map((row) => this.delivery(row)),
      next: rows.length > page.limit && last ? positionOf(last) : null,
    };
  }

  private rows(statement: Sql): Promise<Record<string, unknown>[]> {
    return rowsOf(this.dataSource.manager, statement);
  }

  private delivery(row: Record<string, unknown>): WebhookDeliveryEntity {
    return hydrate(this.dataSource.manager, WebhookDeliveryEntity, row);
  }
}

/** What a replay does to a delivery (merchant API and console alike): pending, due now, a new round of attempts. */
function replaySet(now: Date): Sql {
  return sql`status = 'pending', next_attempt_at = ${now}, round_started_after = d.attempt_count,
             replay_count = d.replay_count + 1, updated_at = now()`;
}
