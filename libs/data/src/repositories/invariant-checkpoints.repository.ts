import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { InvariantBounds, InvariantName, invariantQueries, InvariantResult, INVARIANTS, InvariantScope } from './invariants.repository';
import type { Table } from '../ownership';

/** Advisory lock key held while a round reads and moves the checkpoint (one round at a time across replicas). */
const CHECKPOINT_LOCK = 7_411_300_001;

export interface RecordedInvariants {
  /** Every row written before this instant has been checked; null before the first round. */
  checkedThrough: Date | null;
  fullCheckedAt: Date | null;
  /** When a round last finished (any replica, or the admin CLI). */
  checkedAt: Date | null;
  /** Violations as recorded by the last round (rows found breaking an invariant are read again each round until put right). */
  results: InvariantResult[];
}

export interface InvariantRound extends RecordedInvariants {
  kind: 'full' | 'window';
  /** Where this round's window started (null for a full check). */
  from: Date | null;
  /**
   * Whether some sessions' transaction start could not be read (pg_stat_activity without
   * pg_read_all_stats): the window then relies on the lag alone.
   */
  sessionsHidden: boolean;
}

/**
 * The invariant checker's checkpoint (docs/durability.md, "Invariants"). A round checks the rows
 * written since the last checkpoint and moves it to the end of its window, so its cost follows the
 * traffic, not the history; a full round checks everything and starts the record afresh.
 *
 * The window ends at `now() - lag`, or earlier, at the start of the oldest transaction still open
 * on the database: the timestamps windows are read by are the writers' `now()` (their transaction
 * start), so a row not yet committed always belongs to a later window, never to one already passed.
 */
@Injectable()
export class InvariantCheckpointsRepository {
  static readonly writes: readonly Table[] = ['invariant_checkpoints', 'invariant_account_totals', 'invariant_violations'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Checks the window since the checkpoint (everything when there is none yet), records what it
   * found, moves the checkpoint. Undefined when another process is checking right now.
   */
  checkSinceCheckpoint(bounds: InvariantBounds, lagSeconds: number): Promise<InvariantRound | undefined> {
    return this.round(bounds, lagSeconds, false);
  }

  /** Checks everything, replaces the record with what it found and re-baselines the running totals. */
  checkAllAndRecord(bounds: InvariantBounds, lagSeconds: number): Promise<InvariantRound | undefined> {
    return this.round(bounds, lagSeconds, true);
  }

  /** The record as the last round left it. */
  recorded(samples = 10): Promise<RecordedInvariants> {
    return this.read(this.dataSource.manager, samples);
  }

  private async round(bounds: InvariantBounds, lagSeconds: number, full: boolean): Promise<InvariantRound | undefined> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      // Session lock first, so the snapshot below is taken after any other round has committed.
      const [{ locked }] = await runner.query(`SELECT pg_try_advisory_lock($1) AS locked`, [CHECKPOINT_LOCK]);
      if (!locked) return undefined;
      try {
        const end = await this.windowEnd(runner.manager, lagSeconds);
        await runner.startTransaction('REPEATABLE READ');
        try {
          const round = await this.checkAndRecord(runner.manager, bounds, end, full);
          await runner.commitTransaction();
          return round;
        } catch (error) {
          await runner.rollbackTransaction();
          throw error;
        }
      } finally {
        await runner.query(`SELECT pg_advisory_unlock($1)`, [CHECKPOINT_LOCK]);
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * Read before the round's snapshot: every row stamped before the returned instant was written by
   * a transaction that had committed by then (so the snapshot sees it), since any still open is
   * at least that old. Client sessions only; autovacuum and the like write none of these rows.
   */
  private async windowEnd(em: EntityManager, lagSeconds: number): Promise<{ end: Date; sessionsHidden: boolean }> {
    const [row] = await em.query(
      `SELECT LEAST(now() - make_interval(secs => $1::int), min(a.xact_start)) AS end_at,
              count(*) FILTER (WHERE a.query = '<insufficient privilege>')::int AS hidden
         FROM (SELECT 1) one
         LEFT JOIN pg_stat_activity a ON a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.backend_type = 'client backend'
          AND (a.xact_start IS NOT NULL OR a.query = '<insufficient privilege>')`,
      [lagSeconds],
    );
    return { end: new Date(row.end_at), sessionsHidden: row.hidden > 0 };
  }

  private async checkAndRecord(em: EntityManager, bounds: InvariantBounds, window: { end: Date; sessionsHidden: boolean }, forceFull: boolean): Promise<InvariantRound> {
    const [checkpoint]: { checked_through: Date }[] = await em.query(`SELECT checked_through FROM invariant_checkpoints WHERE id = 1`);
    const full = forceFull || !checkpoint;
    const from = full ? null : checkpoint.checked_through;
    // A window never goes backwards (a long-open transaction can hold its end behind the checkpoint).
    const through = from && from > window.end ? from : window.end;
    const scope: InvariantScope = from ? { kind: 'since', since: from } : { kind: 'all' };

    for (const [name, sql, params] of invariantQueries(bounds, scope)) {
      const found: { k: string; x: string }[] = await em.query(`SELECT k, x FROM (${sql}) bad`, params);
      // Each query read its window plus every row recorded against it, so what it found replaces the record.
      await em.query(`DELETE FROM invariant_violations WHERE invariant = $1`, [name]);
      if (found.length > 0) {
        await em.query(
          `INSERT INTO invariant_violations (invariant, subject, description)
           SELECT $1, k, x FROM unnest($2::text[], $3::text[]) AS f(k, x) ON CONFLICT DO NOTHING`,
          [name, found.map((f) => f.k), found.map((f) => f.x)],
        );
      }
    }

    // The running totals move with the checkpoint: entries of journals created before `through`.
    if (full) {
      await em.query(`DELETE FROM invariant_account_totals`);
      await em.query(
        `INSERT INTO invariant_account_totals (account_id, total)
         SELECT e.account_id, sum(e.amount) FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
          WHERE j.created_at < $1 GROUP BY e.account_id`,
        [through],
      );
    } else if (through > from!) {
      await em.query(
        `INSERT INTO invariant_account_totals AS r (account_id, total)
         SELECT e.account_id, sum(e.amount) FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
          WHERE j.created_at >= $1 AND j.created_at < $2 GROUP BY e.account_id
         ON CONFLICT (account_id) DO UPDATE SET total = r.total + EXCLUDED.total`,
        [from, through],
      );
    }
    await em.query(
      `INSERT INTO invariant_checkpoints (id, checked_through, full_checked_at) VALUES (1, $1, now())
       ON CONFLICT (id) DO UPDATE SET checked_through = EXCLUDED.checked_through, updated_at = now(),
         full_checked_at = CASE WHEN $2::boolean THEN now() ELSE invariant_checkpoints.full_checked_at END`,
      [through, full],
    );
    const recorded = await this.read(em, bounds.samples ?? 10);
    return { ...recorded, kind: full ? 'full' : 'window', from, sessionsHidden: window.sessionsHidden };
  }

  private async read(em: EntityManager, samples: number): Promise<RecordedInvariants> {
    const [checkpoint]: { checked_through: Date; full_checked_at: Date; updated_at: Date }[] = await em.query(
      `SELECT checked_through, full_checked_at, updated_at FROM invariant_checkpoints WHERE id = 1`,
    );
    const rows: { invariant: InvariantName; n: number; samples: string[] }[] = await em.query(
      `SELECT invariant, count(*)::int AS n, (array_agg(description ORDER BY description))[1:${Number(samples)}] AS samples
         FROM invariant_violations GROUP BY invariant`,
    );
    const byName = new Map(rows.map((r) => [r.invariant, r]));
    return {
      checkedThrough: checkpoint?.checked_through ?? null,
      fullCheckedAt: checkpoint?.full_checked_at ?? null,
      checkedAt: checkpoint?.updated_at ?? null,
      results: (Object.keys(INVARIANTS) as InvariantName[]).map((name) => ({
        name,
        description: INVARIANTS[name],
        violations: byName.get(name)?.n ?? 0,
        samples: byName.get(name)?.samples ?? [],
      })),
    };
  }
}
