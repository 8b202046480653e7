import { randomUUID } from 'node:crypto';
import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, TestDatabase } from '@momo/testing';
import { describeSettlementRuns, settlementRunsBetween } from './settlement-runs';

describe('settlement runs inside a counted run (bench:api, bench:stalls)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  /** A test-mode run over `cashIns` succeeded cash-ins, started and (unless null) completed at the given times. */
  async function settled(cashIns: number, startedAt: Date, completedAt: Date | null): Promise<void> {
    const merchant = await seedMerchant(db.dataSource);
    const [run] = await db.dataSource.query(
      `INSERT INTO settlement_runs (mode, period_end, started_at, completed_at) VALUES ('test', $1, $1, $2) RETURNING id`,
      [startedAt, completedAt],
    );
    const settlementId = randomUUID();
    await db.dataSource.query(`INSERT INTO settlements (id, run_id, merchant_id, mode, period_end) VALUES ($1, $2, $3, 'test', $4)`, [settlementId, run.id, merchant.merchantId, startedAt]);
    for (let i = 0; i < cashIns; i++) {
      const t = await insertTransaction(db.dataSource, newTransaction(merchant));
      await db.dataSource.query(
        `UPDATE transactions SET status = 'succeeded', completed_at = $2, settled_at = $2, settlement_id = $3 WHERE id = $1`,
        [t.id, startedAt, settlementId],
      );
    }
  }

  it('finds the runs that overlap the stretch, with the cash-ins each settled, and says when and for how long', async () => {
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 29, 12, 0, seconds));
    await settled(2, at(0), at(1)); // before the stretch
    await settled(3, at(14), at(16)); // across its start
    await settled(1, at(25), null); // inside it, still running
    await settled(4, at(40), at(41)); // after it

    const from = at(15).getTime();
    const runs = await settlementRunsBetween(db.dataSource, from, at(35).getTime());

    expect(runs.map((r) => r.cashIns)).toEqual([3, 1]);
    expect(describeSettlementRuns(runs, from)).toBe('at -1.0 s for 2.0 s, 3 cash-ins; at 10.0 s still running, 1 cash-in');
    expect(describeSettlementRuns(await settlementRunsBetween(db.dataSource, at(2).getTime(), at(13).getTime()), at(2).getTime())).toBe('none');
  });
});
