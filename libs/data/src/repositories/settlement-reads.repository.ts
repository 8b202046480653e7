import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Mode } from '@momo/domain';
import { queryRows } from './hydrate';
import { CoveredTransaction, SettlementRecord, toRecord } from './settlements.repository';
import type { Table } from '../ownership';

/** A merchant's settlements and the cash ins each covers, as the gateway serves them; payments-core writes them. */
@Injectable()
export class SettlementReadsRepository {
  static readonly writes: readonly Table[] = [];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A merchant's settlements in one mode, newest period first. */
  async list(merchantId: string, mode: Mode, limit: number, before?: { periodEnd: string; id: string }): Promise<SettlementRecord[]> {
    const params: unknown[] = [merchantId, mode, limit];
    let where = '';
    if (before) {
      params.push(before.periodEnd, before.id);
      where = `AND (period_end, id) < ($4::timestamptz, $5::uuid)`;
    }
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT * FROM settlements WHERE merchant_id = $1 AND mode = $2 ${where} ORDER BY period_end DESC, id DESC LIMIT $3`,
      params,
    );
    return rows.map(toRecord);
  }

  async find(id: string, merchantId: string, mode: Mode): Promise<SettlementRecord | null> {
    const rows = await queryRows(this.dataSource.manager, `SELECT * FROM settlements WHERE id = $1 AND merchant_id = $2 AND mode = $3`, [id, merchantId, mode]);
    return rows.length ? toRecord(rows[0]) : null;
  }

  /** The cash ins one settlement covers, by id, after the given id. */
  async covered(settlementId: string, limit: number, afterId?: string): Promise<CoveredTransaction[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT id, reference, network, amount, fee, completed_at, settled_at FROM transactions
        WHERE settlement_id = $1 AND ($2::uuid IS NULL OR id > $2::uuid) ORDER BY id LIMIT $3`,
      [settlementId, afterId ?? null, limit],
    );
    return rows.map((r) => ({
      id: r.id as string,
      reference: r.reference as string,
      network: r.network as string,
      amount: Number(r.amount),
      fee: Number(r.fee),
      completedAt: r.completed_at as Date,
      settledAt: r.settled_at as Date,
    }));
  }
}
