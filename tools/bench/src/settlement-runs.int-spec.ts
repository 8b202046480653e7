import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, TestDatabase } from '@momo/testing';
import { describeSettlementRuns, settlementRunsBetween, untilSettled } from './settlement-runs';

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

  describe('waiting for the stack to settle before a yardstick (bench:api)', () => {
    it('waits while a succeeded cash-in is unsettled, not for failed ones, and returns once a run has stamped it', async () => {
      const merchant = await seedMerchant(db.dataSource);
      const succeeded = await insertTransaction(db.dataSource, newTransaction(merchant));
      const failed = await insertTransaction(db.dataSource, newTransaction(merchant));
      await db.dataSource.query(`UPDATE transactions SET status = 'succeeded', completed_at = now() WHERE id = $1`, [succeeded.id]);
      await db.dataSource.query(`UPDATE transactions SET status = 'failed', failure_code = 'DECLINED', completed_at = now() WHERE id = $1`, [failed.id]);

      const waiting = untilSettled(db.dataSource, { pollMs: 50 });
      await sleep(300);
      await db.dataSource.query(`UPDATE transactions SET settled_at = now() WHERE id = $1`, [succeeded.id]);
      const waited = await waiting;

      expect(waited.settled).toBe(true);
      expect(waited.waitedMs).toBeGreaterThanOrEqual(250);
    });

    it('gives up after atMostMs while a run is still going, and says so; returns at once when nothing is left', async () => {
      const [run] = await db.dataSource.query(`INSERT INTO settlement_runs (mode, period_end) VALUES ('test', now()) RETURNING id`);

      const gaveUp = await untilSettled(db.dataSource, { atMostMs: 300, pollMs: 50 });
      expect(gaveUp.settled).toBe(false);
      expect(gaveUp.waitedMs).toBeGreaterThanOrEqual(300);

      await db.dataSource.query(`UPDATE settlement_runs SET completed_at = now() WHERE id = $1`, [run.id]);
      const done = await untilSettled(db.dataSource, { atMostMs: 300, pollMs: 50 });
      expect(done).toEqual({ settled: true, waitedMs: expect.any(Number) });
      expect(done.waitedMs).toBeLessThan(300);
    });
  });
});
