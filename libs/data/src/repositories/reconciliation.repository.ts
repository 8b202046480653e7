import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface DueCheck {
  transactionId: string;
  checksMade: number;
}

/** reconciliation_checks: owned by the reconciler; one row per unresolved transaction it watches. */
@Injectable()
export class ReconciliationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Pending transactions older than `minAgeSeconds` whose next check is due. */
  async dueChecks(minAgeSeconds: number, limit: number): Promise<DueCheck[]> {
    const rows: { id: string; checks_made: number | null }[] = await this.dataSource.query(
      `SELECT t.id, c.checks_made
         FROM transactions t
         LEFT JOIN reconciliation_checks c ON c.transaction_id = t.id
        WHERE t.status = 'pending'
          AND t.created_at < now() - make_interval(secs => $1)
          AND (c.next_check_at IS NULL OR c.next_check_at <= now())
        ORDER BY t.created_at
        LIMIT $2`,
      [minAgeSeconds, limit],
    );
    return rows.map((r) => ({ transactionId: r.id, checksMade: r.checks_made ?? 0 }));
  }

  async recordChecks(checks: { transactionId: string; nextCheckAt: Date }[]): Promise<void> {
    if (checks.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO reconciliation_checks (transaction_id, checks_made, next_check_at, last_checked_at)
       SELECT id, 1, next_at, now() FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, next_at)
       ON CONFLICT (transaction_id) DO UPDATE
         SET checks_made = reconciliation_checks.checks_made + 1,
             next_check_at = EXCLUDED.next_check_at, last_checked_at = now()`,
      [checks.map((c) => c.transactionId), checks.map((c) => c.nextCheckAt.toISOString())],
    );
  }
}
