import { Mode } from './transaction';

/**
 * When collected money settles (docs/settlement.md). A run at time `now` covers every succeeded,
 * unsettled cash in completed before its period end, and the period end is a pure function of
 * the schedule and `now`: a run repeated, resumed after a crash or started twice in the same
 * period is the same run.
 * - `daily` (live): the latest cut-off (a time of day in a time zone, e.g. 00:00 Africa/Kigali)
 *   at or before now, less `delayDays` whole days (T+delay settlement).
 * - `every` (test): periods of `seconds`, aligned on the Unix epoch, so a developer sees money
 *   settle within minutes.
 */
export type SettlementSchedule =
  | { kind: 'daily'; cutoff: string; timeZone: string; delayDays: number }
  | { kind: 'every'; seconds: number };

export type SettlementSchedules = Readonly<Record<Mode, SettlementSchedule>>;

export const DEFAULT_SETTLEMENT_SCHEDULES: SettlementSchedules = {
  live: { kind: 'daily', cutoff: '00:00', timeZone: 'Africa/Kigali', delayDays: 1 },
  test: { kind: 'every', seconds: 300 },
};

const DAY_MS = 86_400_000;
const CUTOFF = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function parseCutoff(cutoff: string): { hour: number; minute: number } {
  const match = CUTOFF.exec(cutoff);
  if (!match) throw new Error(`settlement cut-off "${cutoff}" is not HH:MM`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/** The end (exclusive) of the period a run at `now` settles. */
export function settlementPeriodEnd(schedule: SettlementSchedule, now: Date): Date {
  if (schedule.kind === 'every') {
    const periodMs = schedule.seconds * 1000;
    return new Date(Math.floor(now.getTime() / periodMs) * periodMs);
  }
  return new Date(latestCutoff(schedule.cutoff, schedule.timeZone, now).getTime() - schedule.delayDays * DAY_MS);
}

/** The latest instant at or before `now` whose wall-clock time in `timeZone` is `cutoff`. */
export function latestCutoff(cutoff: string, timeZone: string, now: Date): Date {
  const { hour, minute } = parseCutoff(cutoff);
  const local = wallClock(now, timeZone);
  // The cut-off on today's local date, as an instant: local wall time minus the zone's offset.
  let candidate = zonedInstant(local.year, local.month, local.day, hour, minute, timeZone);
  if (candidate.getTime() > now.getTime()) {
    const yesterday = new Date(Date.UTC(local.year, local.month - 1, local.day) - DAY_MS);
    candidate = zonedInstant(yesterday.getUTCFullYear(), yesterday.getUTCMonth() + 1, yesterday.getUTCDate(), hour, minute, timeZone);
  }
  return candidate;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(at: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** The instant whose wall-clock time in `timeZone` is the one given (offset read at that instant). */
function zonedInstant(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const seen = wallClock(new Date(asUtc), timeZone);
  const offsetMs = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second) - asUtc;
  return new Date(asUtc - offsetMs);
}

/** Whether the time zone is one this runtime knows (configuration check). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}
