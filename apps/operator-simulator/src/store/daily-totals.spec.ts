import { DailyTotalKey, DailyTotals, kigaliDay, kigaliDayStart } from './daily-totals';

const customer: DailyTotalKey = { operator: 'mtn', msisdn: '250780000001', kind: 'collection' };
const at = (iso: string) => new Date(iso);

describe('DailyTotals', () => {
  it('starts a day at midnight in Kigali (22:00 UTC the evening before)', () => {
    expect(kigaliDay(at('2026-11-25T21:59:59.999Z'))).toBe(kigaliDay(at('2026-11-25T00:00:00Z')));
    expect(kigaliDay(at('2026-11-25T22:00:00Z'))).toBe(kigaliDay(at('2026-11-25T00:00:00Z')) + 1);
    expect(kigaliDayStart(kigaliDay(at('2026-11-26T09:00:00Z'))).toISOString()).toBe('2026-11-25T22:00:00.000Z');
  });

  it('loads the day from the database once, then counts what is added and taken back', async () => {
    const loads: string[] = [];
    const totals = new DailyTotals(async (dayStart) => {
      loads.push(dayStart.toISOString());
      return [{ key: customer, total: 1_500 }];
    });
    const now = at('2026-11-26T09:00:00Z').getTime();
    expect((await totals.today(now))(customer)).toBe(1_500);
    totals.add(customer, 500, at('2026-11-26T09:00:01Z'));
    totals.takeBack(customer, 200, at('2026-11-26T08:00:00Z'));
    totals.takeBack(customer, 999, at('2026-11-25T12:00:00Z')); // yesterday's: no longer counted today
    expect((await totals.today(now))(customer)).toBe(1_800);
    expect((await totals.today(now))({ ...customer, kind: 'transfer' })).toBe(0);
    expect(loads).toEqual(['2026-11-25T22:00:00.000Z']);
  });

  it('starts each new day from nothing, without reading the database again', async () => {
    let loads = 0;
    const totals = new DailyTotals(async () => {
      loads++;
      return [{ key: customer, total: 4_000 }];
    });
    expect((await totals.today(at('2026-11-26T21:59:00Z').getTime()))(customer)).toBe(4_000);
    expect((await totals.today(at('2026-11-26T22:00:00Z').getTime()))(customer)).toBe(0);
    expect(loads).toBe(1);
  });

  it('reads the database again after a commit in doubt, and when a change raced the read', async () => {
    let loads = 0;
    let raceOnce = true;
    const totals = new DailyTotals(async () => {
      loads++;
      if (raceOnce) {
        raceOnce = false;
        totals.takeBack(customer, 100, new Date()); // a failure committed while the totals were being read
      }
      return [{ key: customer, total: 1_000 + loads }];
    });
    expect((await totals.today())(customer)).toBe(1_002);
    expect(loads).toBe(2);
    totals.forget();
    expect((await totals.today())(customer)).toBe(1_003);
    expect(loads).toBe(3);
  });
});
