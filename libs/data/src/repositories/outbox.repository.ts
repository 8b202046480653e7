import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { TransactionView, WebhookEventType } from '@momo/contracts';
import { TraceCarrier } from '@momo/platform';
import { OutboxEventEntity } from '../entities';
import { hydrate, queryRows } from './hydrate';
import { keyedRows, preparedRows } from './keyed-statements';
import type { Table } from '../ownership';

export type PublishEvents = (events: { id: string; trace?: TraceCarrier }[]) => Promise<void>;

/** Marks the events `pick` chose ($2 on) published by job $1 and returns them with their transactions' request ids and traces. */
const takeSql = (pick: string) => `UPDATE outbox_events o SET published_at = now(), published_job = $1
     FROM (${pick}) taken
    WHERE o.id = taken.id
    RETURNING o.id, o.created_at, (SELECT t.request_id FROM transactions t WHERE t.id = o.transaction_id) AS request_id,
              (SELECT t.traceparent FROM transactions t WHERE t.id = o.transaction_id) AS traceparent`;

/** The oldest unpublished events, $2 at most: a walk of the unpublished index, as meant. */
const TAKE_OLDEST_SQL = takeSql(`SELECT n.id FROM outbox_events n WHERE n.published_at IS NULL ORDER BY n.created_at LIMIT $2 FOR UPDATE SKIP LOCKED`);

/**
 * The events $2 still unpublished, by primary key. Written plainly, "still unpublished" matches the
 * unpublished index, which keeps an entry for every event published since the last vacuum, and a
 * generic plan made on a small table walks it whole in every call; wrapped in `IS TRUE` it matches
 * no index. Run keyed: prepared on an ordinary connection, its generic plan made while the tables
 * held a hundred rows, as last analysed, scanned the outbox and, for each event taken, the
 * transactions table, until the next analyse (by-key.plans.int-spec.ts checks both).
 */
export const TAKE_IDS_SQL = takeSql(`SELECT n.id FROM outbox_events n WHERE n.id = ANY($2::uuid[]) AND (n.published_at IS NULL) IS TRUE FOR UPDATE SKIP LOCKED`);

/** Events written with the state change they announce, published to the queue afterwards. */
@Injectable()
export class OutboxRepository {
  static readonly writes: readonly Table[] = ['outbox_events'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One event per (transaction, type): a replayed state change cannot announce itself twice. */
  async add(em: EntityManager, eventType: WebhookEventType, transaction: TransactionView): Promise<void> {
    await this.addMany(em, [{ eventType, transaction }]);
  }

  /** The same for many events in one statement (settlement batches); returns the ids of the events it added. */
  async addMany(em: EntityManager, events: { eventType: WebhookEventType; transaction: TransactionView }[]): Promise<string[]> {
    if (events.length === 0) return [];
    const rows = await preparedRows(
      em,
      'outbox_add_many',
      `INSERT INTO outbox_events (id, event_type, transaction_id, app_id, payload)
       SELECT id, event_type, transaction_id, app_id, payload::json
         FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[]) AS e(id, event_type, transaction_id, app_id, payload)
       ON CONFLICT (transaction_id, event_type) DO NOTHING
       RETURNING id`,
      [
        events.map(() => randomUUID()),
        events.map((e) => e.eventType),
        events.map((e) => e.transaction.id),
        events.map((e) => e.transaction.app_id),
        events.map((e) => JSON.stringify(e.transaction)),
      ],
    );
    return rows.map((r) => r.id as string);
  }

  /**
   * Takes a batch of unpublished events, oldest first, and hands them to `publish`, which puts them
   * on the queue as job `jobId`. One statement takes them: it marks them published by that job
   * (the sweeper asks Redis about it) and returns them (SKIP LOCKED: relays on several replicas
   * share the work), so a batch costs one Postgres round trip and one Redis round trip, and no
   * transaction stays open while Redis is called. If publishing fails they are marked unpublished
   * again and the next round retries them; if the process dies between the two, the outbox sweeper
   * finds them published without a job and publishes them again (docs/durability.md). Each event
   * goes with its transaction's request id and trace, so the webhook belongs to the payment's story.
   *
   * This scan walks the index of unpublished events, which keeps an entry for every event published
   * since the last vacuum: under load it costs milliseconds. Events whose ids are known (just
   * written by this process) go by `publishIds` instead; the scan is for the rest.
   */
  publishBatch(limit: number, jobId: string, publish: PublishEvents): Promise<number> {
    return this.take(() => preparedRows(this.dataSource.manager, 'outbox_take_oldest', TAKE_OLDEST_SQL, [jobId, limit]), publish);
  }

  /** `publishBatch` for the given events, found by primary key; those already published (by a replica's scan) are skipped. */
  publishIds(ids: string[], jobId: string, publish: PublishEvents): Promise<number> {
    if (ids.length === 0) return Promise.resolve(0);
    return this.take(() => keyedRows(this.dataSource.manager, 'outbox_take_ids', TAKE_IDS_SQL, [jobId, ids]), publish);
  }

  /** Runs `takeRows` (a take statement) and publishes what it took. */
  private async take(takeRows: () => Promise<Record<string, unknown>[]>, publish: PublishEvents): Promise<number> {
    const em = this.dataSource.manager;
    const rows = await takeRows();
    if (rows.length === 0) return 0;
    rows.sort((a, b) => (a.created_at as Date).getTime() - (b.created_at as Date).getTime());
    const ids = rows.map((r) => r.id as string);
    try {
      await publish(
        rows.map((r) => ({
          id: r.id as string,
          trace: r.request_id || r.traceparent ? { requestId: (r.request_id as string | null) ?? undefined, traceparent: (r.traceparent as string | null) ?? undefined } : undefined,
        })),
      );
    } catch (error) {
      // Redis did not take them (or did not say so in time): publishing again later is harmless,
      // the dispatcher keeps one delivery per event and app.
      await em.query(`UPDATE outbox_events SET published_at = NULL, published_job = NULL WHERE id = ANY($1::uuid[])`, [ids]).catch(() => undefined);
      throw error;
    }
    return ids.length;
  }

  async findById(id: string): Promise<OutboxEventEntity | null> {
    // Plain SQL: read for every event published.
    const em = this.dataSource.manager;
    const rows = await queryRows(em, `SELECT * FROM outbox_events WHERE id = $1`, [id]);
    return rows.length ? hydrate(em, OutboxEventEntity, rows[0]) : null;
  }
}
