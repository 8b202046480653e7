import { computeFee, FeeRule, feeRuleProblems } from '@momo/domain';
import { createTestDatabase, TestDatabase } from '@momo/testing';
import { feeByRuleSql } from './fee.sql';

/** Cash-ins are priced in SQL as they are inserted; every other fee in JavaScript. They must agree. */
describe('the fee rule in SQL', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('gives computeFee’s answer for every valid rule and amount of a grid, rounding and bounds included', async () => {
    const rules: FeeRule[] = [];
    for (const percentBps of [0, 1, 150, 200, 333, 10_000])
      for (const fixed of [0, 7, 100])
        for (const min of [0, 50, 1_000])
          for (const max of [null, 50, 500, 100_000]) {
            const rule = { percentBps, fixed, min, max };
            if (feeRuleProblems(rule).length === 0) rules.push(rule);
          }
    const amounts = [1, 99, 100, 101, 4_999, 10_000, 12_345, 999_999, 9_007_199, 5_000_000_000];
    const cases = rules.flatMap((rule) => amounts.map((amount) => ({ rule, amount })));

    const rows: { fee: string }[] = await db.dataSource.query(
      `SELECT ${feeByRuleSql('c.amount', 'c.rule')} AS fee
       FROM unnest($1::bigint[], $2::jsonb[]) WITH ORDINALITY AS c(amount, rule, n) ORDER BY c.n`,
      [cases.map((c) => c.amount), cases.map((c) => JSON.stringify(c.rule))],
    );

    expect(cases.length).toBeGreaterThan(1_000);
    expect(rows.map((row) => Number(row.fee))).toEqual(cases.map((c) => computeFee(c.amount, c.rule)));
  });
});
