import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EXCEPTION_KINDS, ReconciliationExceptionKind } from '@momo/domain';
import type { Table } from '../ownership';

/** How many reconciliation exceptions are open, for the reconciler's metrics and the console's overview. */
@Injectable()
export class ExceptionCountsRepository {
  static readonly writes: readonly Table[] = [];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Open exceptions per kind (every kind present, zero or not). */
  async openCounts(): Promise<Record<ReconciliationExceptionKind, number>> {
    const rows: { kind: ReconciliationExceptionKind; n: number }[] = await this.dataSource.manager.query(
      `SELECT kind, count(*)::int AS n FROM reconciliation_exceptions WHERE resolved_at IS NULL GROUP BY kind`,
    );
    const counts = Object.fromEntries(EXCEPTION_KINDS.map((kind) => [kind, 0])) as Record<ReconciliationExceptionKind, number>;
    for (const row of rows) counts[row.kind] = row.n;
    return counts;
  }
}
