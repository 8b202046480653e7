import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { TransactionView, WebhookEventType } from '@momo/contracts';
import { TraceCarrier } from '@momo/platform';
import { OutboxEventEntity } from '../entities';
import { hydrate, queryRows } from './hydrate';
import type { Table } from '../ownership';

/** Events written with the state change they announce, published to the queue afterwards. */
@Injectable()
export class OutboxRepository {
  static readonly writes: readonly Table[] = ['outbox_events'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One event per (transaction, type): a replayed state change cannot announce itself twice. */
  async add(em: EntityManager, eventType: WebhookEventType, transaction: TransactionView): Promise<void> {
    await this.addMany(em, [{ eventType, transaction }]);
  }

  /** The same for many events in one statement (settlement batches). */
  async addMany(em: EntityManager, events: { eventType: WebhookEventType; transaction: TransactionView }[]): Promise<void> {
    if (events.length === 0) return;
    await em.query(
      `INSERT INTO outbox_events (id, event_type, transaction_id, app_id, payload)
       SELECT id, event_type, transaction_id, app_id, payload::json
         FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[]) AS e(id, event_type, transaction_id, app_id, payload)
       ON CONFLICT (transaction_id, event_type) DO NOTHING`,
      [
        events.map(() => randomUUID()),
        events.map((e) => e.eventType),
        events.map((e) => e.transaction.id),
        events.map((e) => e.transaction.app_id),
        events.map((e) => JSON.stringify(e.transaction)),
      ],
    );
  }

  /**
   * Takes a batch of unpublished events, oldest first, and hands them to `publish`. One statement
   * takes them: it marks them published and returns them (SKIP LOCKED: relays on several replicas
   * share the work), so a batch costs one Postgres round trip and one Redis round trip, and no
   * transaction stays open while Redis is called. If publishing fails they are marked unpublished
   * again and the next round retries them; if the process dies between the two, the outbox sweeper
   * finds them published without a job and publishes them again (docs/durability.md). Each event
   * goes with its transaction's request id and trace, so the webhook belongs to the payment's story.
   */
  async publishBatch(limit: number, publish: (events: { id: string; trace?: TraceCarrier }[]) => Promise<void>): Promise<number> {
    const em = this.dataSource.manager;
    const rows = await queryRows(
      em,
      `UPDATE outbox_events o SET published_at = now()
         FROM (SELECT n.id, n.created_at, t.request_id, t.traceparent
                 FROM outbox_events n LEFT JOIN transactions t ON t.id = n.transaction_id
                WHERE n.published_at IS NULL ORDER BY n.created_at LIMIT $1 FOR UPDATE OF n SKIP LOCKED) taken
        WHERE o.id = taken.id
        RETURNING o.id, taken.created_at, taken.request_id, taken.traceparent`,
      [limit],
    );
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
      // the job id is the event id and the dispatcher keeps one delivery per event and app.
      await em.query(`UPDATE outbox_events SET published_at = NULL WHERE id = ANY($1::uuid[])`, [ids]).catch(() => undefined);
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
