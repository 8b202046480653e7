import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queryRows } from './hydrate';
import type { Table } from '../ownership';

/** A published outbox event the dispatcher was not yet seen to have. */
export interface UnconsumedEvent {
  id: string;
  /** Its delivery row exists, or its app has no webhook URL: nothing more to do for it. */
  taken: boolean;
  /** The batch job that carried it (null: an event published alone, by an earlier release, as job `event.<id>`). */
  publishedJob: string | null;
  /** Where the next page starts (keyset on published_at to the microsecond, then id). */
  position: { publishedAt: string; id: string };
}

/**
 * Whether published outbox events reached the dispatcher (payments-core's outbox sweeper). The
 * dispatcher's tables are only read here: an event is taken once its delivery row exists, or
 * when its app has no webhook URL in the event's mode (the dispatcher delivers nothing then).
 */
@Injectable()
export class OutboxConsumptionRepository {
  static readonly writes: readonly Table[] = ['outbox_events'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Events published more than `graceMs` ago and not yet marked consumed, oldest first, one page
   * at a time (`after`: the last position of the previous page).
   */
  async unconsumed(graceMs: number, limit: number, after?: UnconsumedEvent['position']): Promise<UnconsumedEvent[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT e.id, e.published_job, to_char(e.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS published_at_exact,
              (s.url IS NULL OR EXISTS (
                SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.app_id = e.app_id)) AS taken
         FROM outbox_events e JOIN app_webhook_settings s ON s.app_id = e.app_id AND s.mode = e.payload->>'mode'
        WHERE e.published_at IS NOT NULL AND e.consumed_at IS NULL
          AND e.published_at < now() - make_interval(secs => $1::double precision / 1000)
          AND ($3::timestamptz IS NULL OR (e.published_at, e.id) > ($3::timestamptz, $4::uuid))
        ORDER BY e.published_at, e.id
        LIMIT $2`,
      [graceMs, limit, after?.publishedAt ?? null, after?.id ?? null],
    );
    return rows.map((r) => ({ id: r.id as string, taken: r.taken as boolean, publishedJob: r.published_job as string | null, position: { publishedAt: r.published_at_exact as string, id: r.id as string } }));
  }

  /** The events are being published again, as job `jobId`. */
  async markRepublished(eventIds: string[], jobId: string): Promise<void> {
    if (eventIds.length === 0) return;
    await this.dataSource.manager.query(`UPDATE outbox_events SET published_job = $2 WHERE id = ANY($1::uuid[])`, [eventIds, jobId]);
  }

  async markConsumed(eventIds: string[]): Promise<void> {
    if (eventIds.length === 0) return;
    await this.dataSource.manager.query(`UPDATE outbox_events SET consumed_at = now() WHERE id = ANY($1::uuid[]) AND consumed_at IS NULL`, [eventIds]);
  }
}
