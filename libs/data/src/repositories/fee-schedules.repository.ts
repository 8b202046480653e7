import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { FeeSchedule } from '@momo/domain';
import { keyedRows } from './keyed-statements';
import type { Table } from '../ownership';

/** Merchants' negotiated fee schedules, as payments-core reads them to price a transaction; the admin CLI sets them. */
@Injectable()
export class FeeSchedulesRepository {
  static readonly writes: readonly Table[] = [];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Just the negotiated fee schedule (null: the defaults), read on every transaction creation. */
  async feeScheduleOf(id: string, em: EntityManager = this.dataSource.manager): Promise<FeeSchedule | null> {
    const rows: { fee_schedule: FeeSchedule | null }[] = await em.query(`SELECT fee_schedule FROM merchants WHERE id = $1`, [id]);
    return rows[0]?.fee_schedule ?? null;
  }

  /**
   * Fee schedules of several merchants in one read (cash-ins created together); a merchant without
   * one is absent. A keyed statement: prepared on an ordinary connection, Postgres planned it anew
   * on every call all the same (it judged no generic plan good enough).
   */
  async feeSchedulesOf(ids: string[]): Promise<Map<string, FeeSchedule>> {
    const rows = (await keyedRows(
      this.dataSource.manager,
      'merchants_fee_schedules',
      `SELECT id, fee_schedule FROM merchants WHERE id = ANY($1::uuid[]) AND fee_schedule IS NOT NULL`,
      [ids],
    )) as { id: string; fee_schedule: FeeSchedule | null }[];
    return new Map(rows.map((row) => [row.id, row.fee_schedule!]));
  }
}
