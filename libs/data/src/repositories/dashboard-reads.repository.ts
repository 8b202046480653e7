import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Direction, Mode, Network, TransactionStatus } from '@momo/domain';
import { OperatorCallbackEntity, OperatorRequestEntity, TransactionEntity, WebhookAttemptEntity, WebhookDeliveryEntity } from '../entities';
import { hydrate, queryRows } from './hydrate';
import { exactCreatedAt, olderThan, PagePosition, positionOf } from './paging';
import { rowsOf, Sql, sql, Where } from './sql';
import type { Table } from '../ownership';

/** What the dashboard's transaction list filters on; the merchant and mode come from the session. */
export interface MerchantTransactionFilters {
  merchantId: string;
  mode: Mode;
  appId?: string;
  status?: TransactionStatus;
  direction?: Direction;
  network?: Network;
  /** Inclusive lower bound of created_at (ISO 8601). */
  createdFrom?: string;
  /** Exclusive upper bound of created_at (ISO 8601). */
  createdTo?: string;
  /** A transaction id, the merchant's reference, or a wallet number (canonical 250…). */
  search?: { id?: string; reference: string; msisdn?: string };
}

export interface DailyVolume {
  day: string;
  network: Network;
  direction: Direction;
  succeeded_count: number;
  failed_count: number;
  pending_count: number;
  succeeded_amount: number;
}

export interface Attention {
  failing_deliveries: number;
  abandoned_deliveries: number;
  long_pending_transactions: number;
}

export interface TransactionTrail {
  requests: OperatorRequestEntity[];
  callbacks: OperatorCallbackEntity[];
  reconciliation: { checks_made: number; last_checked_at: Date | null; next_check_at: Date } | null;
  exceptions: { kind: string; reported_status: string; source: string; first_seen_at: Date; resolved_at: Date | null; resolution: string | null }[];
  refunds: TransactionEntity[];
  deliveries: { delivery: WebhookDeliveryEntity; attempts: WebhookAttemptEntity[] }[];
}

/**
 * The merchant dashboard's reads across all of a merchant's apps in one mode (the /v1 reads are
 * per app key). Every query is bounded by merchant_id and mode.
 */
@Injectable()
export class DashboardReadsRepository {
  static readonly writes: readonly Table[] = [];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One page, newest first, before the position of the previous page's last row. */
  async transactions(filters: MerchantTransactionFilters, limit: number, before?: PagePosition): Promise<{ transaction: TransactionEntity; position: PagePosition }[]> {
    const where = new Where()
      .and(sql`merchant_id = ${filters.merchantId}`)
      .and(sql`mode = ${filters.mode}`)
      .andIf(filters.appId, (appId) => sql`app_id = ${appId}`)
      .andIf(filters.status, (status) => sql`status = ${status}`)
      .andIf(filters.direction, (direction) => sql`direction = ${direction}`)
      .andIf(filters.network, (network) => sql`network = ${network}`)
      .andIf(filters.createdFrom, (from) => sql`created_at >= ${from}::timestamptz`)
      .andIf(filters.createdTo, (to) => sql`created_at < ${to}::timestamptz`)
      .andIf(filters.search, (search) =>
        Sql.join(
          [
            ...(search.id ? [sql`id = ${search.id}::uuid`] : []),
            sql`reference = ${search.reference}`,
            ...(search.msisdn ? [sql`msisdn = ${search.msisdn}`] : []),
          ],
          ' OR ',
        ),
      )
      .andIf(before, (position) => olderThan(position));
    const em = this.dataSource.manager;
    const rows = await rowsOf(em, sql`SELECT *, ${exactCreatedAt()} AS created_at_exact FROM transactions
        WHERE ${where.toSql()} ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
    return rows.map((row) => ({ transaction: hydrate(em, TransactionEntity, row), position: positionOf(row) }));
  }

  async transaction(id: string, merchantId: string, mode: Mode): Promise<TransactionEntity | null> {
    const em = this.dataSource.manager;
    const rows = await queryRows(em, `SELECT * FROM transactions WHERE id = $1 AND merchant_id = $2 AND mode = $3`, [id, merchantId, mode]);
    return rows.length ? hydrate(em, TransactionEntity, rows[0]) : null;
  }

  /** Everything that happened to one transaction, for its timeline. */
  async trail(transaction: TransactionEntity): Promise<TransactionTrail> {
    const em = this.dataSource.manager;
    const id = transaction.id;
    const [requests, callbacks, checks, exceptions, refunds, deliveries] = await Promise.all([
      queryRows(em, `SELECT * FROM operator_requests WHERE transaction_id = $1 ORDER BY created_at, id`, [id]),
      queryRows(em, `SELECT * FROM operator_callbacks WHERE transaction_id = $1 ORDER BY created_at, id`, [id]),
      queryRows(em, `SELECT checks_made, last_checked_at, next_check_at FROM reconciliation_checks WHERE transaction_id = $1`, [id]),
      queryRows(em, `SELECT kind, reported_status, source, first_seen_at, resolved_at, resolution FROM reconciliation_exceptions WHERE transaction_id = $1 ORDER BY first_seen_at`, [id]),
      queryRows(em, `SELECT * FROM transactions WHERE reverses_payment_id = $1 AND merchant_id = $2 ORDER BY created_at`, [id, transaction.merchantId]),
      queryRows(em, `SELECT * FROM webhook_deliveries WHERE transaction_id = $1 AND mode = $2 ORDER BY created_at`, [id, transaction.mode]),
    ]);
    const deliveryIds = deliveries.map((d) => d.id as string);
    const attempts = deliveryIds.length
      ? await queryRows(em, `SELECT * FROM webhook_attempts WHERE delivery_id = ANY($1::uuid[]) ORDER BY attempt_number`, [deliveryIds])
      : [];
    const check = checks[0];
    return {
      requests: requests.map((r) => hydrate(em, OperatorRequestEntity, r)),
      callbacks: callbacks.map((r) => hydrate(em, OperatorCallbackEntity, r)),
      reconciliation: check
        ? { checks_made: Number(check.checks_made), last_checked_at: (check.last_checked_at as Date | null) ?? null, next_check_at: check.next_check_at as Date }
        : null,
      exceptions: exceptions as TransactionTrail['exceptions'],
      refunds: refunds.map((r) => hydrate(em, TransactionEntity, r)),
      deliveries: deliveries.map((d) => ({
        delivery: hydrate(em, WebhookDeliveryEntity, d),
        attempts: attempts.filter((a) => a.delivery_id === d.id).map((a) => hydrate(em, WebhookAttemptEntity, a)),
      })),
    };
  }

  /** Counts and succeeded amounts per UTC day, network and direction since `from`. */
  async dailyVolumes(merchantId: string, mode: Mode, from: Date): Promise<DailyVolume[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, network, direction,
              count(*) FILTER (WHERE status = 'succeeded') AS succeeded_count,
              count(*) FILTER (WHERE status = 'failed') AS failed_count,
              count(*) FILTER (WHERE status = 'pending') AS pending_count,
              COALESCE(sum(amount) FILTER (WHERE status = 'succeeded'), 0) AS succeeded_amount
         FROM transactions WHERE merchant_id = $1 AND mode = $2 AND created_at >= $3
        GROUP BY 1, 2, 3 ORDER BY 1`,
      [merchantId, mode, from],
    );
    return rows.map((r) => ({
      day: r.day as string,
      network: r.network as Network,
      direction: r.direction as Direction,
      succeeded_count: Number(r.succeeded_count),
      failed_count: Number(r.failed_count),
      pending_count: Number(r.pending_count),
      succeeded_amount: Number(r.succeeded_amount),
    }));
  }

  /** What needs a person: deliveries failing now, deliveries given up on, payments pending too long. */
  async attention(merchantId: string, mode: Mode, pendingOlderThan: Date): Promise<Attention> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT
         (SELECT count(*) FROM webhook_deliveries d JOIN apps a ON a.id = d.app_id
           WHERE a.merchant_id = $1 AND d.mode = $2 AND d.status = 'pending' AND d.attempt_count > 0) AS failing,
         (SELECT count(*) FROM webhook_deliveries d JOIN apps a ON a.id = d.app_id
           WHERE a.merchant_id = $1 AND d.mode = $2 AND d.status = 'abandoned') AS abandoned,
         (SELECT count(*) FROM transactions WHERE merchant_id = $1 AND mode = $2 AND status = 'pending' AND created_at < $3) AS long_pending`,
      [merchantId, mode, pendingOlderThan],
    );
    return { failing_deliveries: Number(rows[0].failing), abandoned_deliveries: Number(rows[0].abandoned), long_pending_transactions: Number(rows[0].long_pending) };
  }

  /** Ids of an app's abandoned deliveries in a mode (for "replay all abandoned"). */
  async abandonedDeliveryIds(appId: string, merchantId: string, mode: Mode, limit: number): Promise<string[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT d.id FROM webhook_deliveries d JOIN apps a ON a.id = d.app_id
        WHERE d.app_id = $1 AND a.merchant_id = $2 AND d.mode = $3 AND d.status = 'abandoned' ORDER BY d.created_at LIMIT $4`,
      [appId, merchantId, mode, limit],
    );
    return rows.map((r) => r.id as string);
  }

  /** Deliveries per app and status in a mode. */
  async deliveryCounts(merchantId: string, mode: Mode): Promise<Map<string, Record<'pending' | 'delivered' | 'abandoned', number>>> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT d.app_id, d.status, count(*) AS n FROM webhook_deliveries d JOIN apps a ON a.id = d.app_id
        WHERE a.merchant_id = $1 AND d.mode = $2 GROUP BY 1, 2`,
      [merchantId, mode],
    );
    const counts = new Map<string, Record<'pending' | 'delivered' | 'abandoned', number>>();
    for (const row of rows) {
      const entry = counts.get(row.app_id as string) ?? { pending: 0, delivered: 0, abandoned: 0 };
      entry[row.status as 'pending' | 'delivered' | 'abandoned'] = Number(row.n);
      counts.set(row.app_id as string, entry);
    }
    return counts;
  }
}
