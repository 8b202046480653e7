import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How often each recovery mechanism stepped in during a run, read from the services' own logs. */
export interface Recoveries {
  /** payments-core's outbox sweeper published again events whose jobs Redis lost. */
  outboxEventsRepublished: number;
  /** The dispatcher's sweeper re-queued deliveries whose jobs were lost or whose attempt died. */
  deliveriesRequeued: number;
  /** The reconciler put its sweep scheduler back after Redis lost it (its timer, or a restart that found it gone). */
  sweepSchedulerRestored: number;
  /** payments-core put a settlement scheduler back after Redis lost it (one per mode and replica; timer or restart). */
  settlementSchedulerRestored: number;
  /** Transactions whose initiation a status check re-sent (the operator had no record of it). */
  initiationsResent: number;
  /** Transactions for which an initiation was refused (already final, or past the re-send window). */
  staleInitiationsRefused: number;
  /** Transactions failed NOT_RECEIVED by a reconciliation check, and those failed by a deadline check. */
  failedNotReceived: number;
  failedAtDeadline: number;
}

/** Log message -> what it counts, and the field to add up (1 per line without one). */
const MESSAGES: Record<string, [keyof Recoveries, string?]> = {
  'outbox sweep re-published events whose jobs were lost': ['outboxEventsRepublished', 'republished'],
  'delivery sweep re-queued overdue deliveries': ['deliveriesRequeued', 'acted'],
  'the reconciliation sweep scheduler was missing from Redis: registering it again': ['sweepSchedulerRestored'],
  'a settlement scheduler was missing from Redis: registering it again': ['settlementSchedulerRestored'],
  'operator has no record of the transaction: re-sending its initiation': ['initiationsResent'],
  'initiation not sent': ['staleInitiationsRefused'],
  'operator never received the transaction: failing it': ['failedNotReceived'],
  'deadline passed without a final answer: failing the transaction': ['failedAtDeadline'],
};

/**
 * A service restarted soon after the flush registers its scheduler at boot before its timer has
 * looked: that boot, finding the scheduler gone, restored it too. Boots before the flush (the
 * first one found an empty Redis) are not restorations.
 */
const BOOT_REGISTRATIONS: Record<string, keyof Recoveries> = {
  'registered the reconciliation sweep scheduler': 'sweepSchedulerRestored',
  'registered the settlement scheduler': 'settlementSchedulerRestored',
};

/** `flushedAt`: when Redis was flushed (epoch ms), if it was. */
export function countRecoveries(logDirectory: string, flushedAt?: number): Recoveries {
  const counts: Recoveries = {
    outboxEventsRepublished: 0,
    deliveriesRequeued: 0,
    sweepSchedulerRestored: 0,
    settlementSchedulerRestored: 0,
    initiationsResent: 0,
    staleInitiationsRefused: 0,
    failedNotReceived: 0,
    failedAtDeadline: 0,
  };
  // Checks repeat (a deadline check until its result is applied): count each transaction once.
  const seen = new Set<string>();
  for (const file of readdirSync(logDirectory).filter((f) => f.endsWith('.log'))) {
    for (const line of readFileSync(join(logDirectory, file), 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue;
      }
      const restoredAtBoot = BOOT_REGISTRATIONS[String(entry.msg)];
      if (restoredAtBoot && entry.wasScheduled === false && flushedAt !== undefined && Number(entry.time) >= flushedAt) counts[restoredAtBoot]++;
      const counted = MESSAGES[String(entry.msg)];
      if (!counted) continue;
      const [key, field] = counted;
      if (field) counts[key] += Number(entry[field] ?? 0);
      else if (typeof entry.transactionId !== 'string') counts[key]++;
      else if (!seen.has(`${key}:${entry.transactionId}`)) {
        seen.add(`${key}:${entry.transactionId}`);
        counts[key]++;
      }
    }
  }
  return counts;
}
