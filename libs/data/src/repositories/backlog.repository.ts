import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Direction, Mode, Network } from '@momo/domain';
import type { Table } from '../ownership';

export interface PendingGroup {
  direction: Direction;
  network: Network;
  mode: Mode;
  count: number;
  /** Age of the oldest pending transaction of the group, in seconds. */
  oldestAgeSeconds: number;
}

export interface OutboxLag {
  unpublished: number;
  /** Age of the oldest event not yet published (0 when there is none), in seconds. */
  oldestAgeSeconds: number;
}

/**
 * What is waiting, for the on-call signals: pending transactions by group with their oldest age,
 * and the outbox events not yet published. Both read only their partial indexes
 * (transactions_pending_idx, outbox_unpublished_idx), so they stay cheap at every scrape.
 */
@Injectable()
export class BacklogRepository {
  static readonly writes: readonly Table[] = [];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async pendingTransactions(): Promise<PendingGroup[]> {
    const rows: { direction: Direction; network: Network; mode: Mode; n: number; age: number }[] = await this.dataSource.query(
      `SELECT direction, network, mode, count(*)::int AS n,
              EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS age
         FROM transactions WHERE status = 'pending'
        GROUP BY direction, network, mode`,
    );
    return rows.map((r) => ({ direction: r.direction, network: r.network, mode: r.mode, count: r.n, oldestAgeSeconds: Math.max(0, r.age) }));
  }

  async outboxLag(): Promise<OutboxLag> {
    const [row]: { n: number; age: number | null }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS age
         FROM outbox_events WHERE published_at IS NULL`,
    );
    return { unpublished: row.n, oldestAgeSeconds: Math.max(0, row.age ?? 0) };
  }
}
