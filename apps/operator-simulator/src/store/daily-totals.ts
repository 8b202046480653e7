const DAY_MS = 86_400_000;
/** Rwanda keeps Central Africa Time all year (UTC+2, no daylight saving): a customer's day starts at midnight there. */
const KIGALI_OFFSET_MS = 2 * 3_600_000;

/** The Kigali calendar day a moment falls in, as a day number. */
export function kigaliDay(at: Date | number): number {
  return Math.floor(((typeof at === 'number' ? at : at.getTime()) + KIGALI_OFFSET_MS) / DAY_MS);
}

/** The moment the Kigali day `day` starts. */
export function kigaliDayStart(day: number): Date {
  return new Date(day * DAY_MS - KIGALI_OFFSET_MS);
}

/** What counts against a customer's daily limit: one operator, one wallet, one kind of transaction. */
export interface DailyTotalKey {
  operator: string;
  msisdn: string;
  kind: string;
}

/** Today's totals as the database has them: every transaction of the day not failed, refunds apart. */
export type LoadDailyTotals = (dayStart: Date) => Promise<{ key: DailyTotalKey; total: number }[]>;

/**
 * Each customer's total for today, kept in memory so a creation checks its daily limit without
 * reading the table (which lets the creation statement keep one plan whatever the table's size).
 * Exact because the simulator runs as one replica and creates one batch at a time: every change
 * goes through this process, which adds a creation once it is committed and takes a failure back
 * once it is committed. Loaded from the database when first needed and again after anything that
 * may have left it behind (a creation whose commit is in doubt, or a day it did not see start).
 */
export class DailyTotals {
  private totals?: Map<string, number>;
  private day = -1;
  /** Bumped by every change, so a load that raced one is done again. */
  private changes = 0;

  constructor(private readonly load: LoadDailyTotals) {}

  /** Today's total for each key, loaded first if needed. */
  async today(now = Date.now()): Promise<(key: DailyTotalKey) => number> {
    const day = kigaliDay(now);
    if (this.totals && this.day !== day) this.totals = day > this.day ? new Map() : undefined;
    this.day = day;
    while (!this.totals) {
      const seen = this.changes;
      const rows = await this.load(kigaliDayStart(day));
      if (this.changes === seen) this.totals = new Map(rows.map((row) => [keyOf(row.key), row.total]));
    }
    const totals = this.totals;
    return (key) => totals.get(keyOf(key)) ?? 0;
  }

  /** A creation committed at `createdAt`. */
  add(key: DailyTotalKey, amount: number, createdAt: Date): void {
    this.change(key, amount, createdAt);
  }

  /** A transaction created at `createdAt` failed: it no longer counts. */
  takeBack(key: DailyTotalKey, amount: number, createdAt: Date): void {
    this.change(key, -amount, createdAt);
  }

  /** What this process knows may be behind the database (a commit in doubt): read it again when next needed. */
  forget(): void {
    this.changes++;
    this.totals = undefined;
  }

  private change(key: DailyTotalKey, amount: number, createdAt: Date): void {
    this.changes++;
    const day = kigaliDay(createdAt);
    if (!this.totals || day < this.day) return;
    if (day > this.day) {
      this.totals = new Map();
      this.day = day;
    }
    const k = keyOf(key);
    this.totals.set(k, (this.totals.get(k) ?? 0) + amount);
  }
}

function keyOf(key: DailyTotalKey): string {
  return `${key.operator}:${key.msisdn}:${key.kind}`;
}
