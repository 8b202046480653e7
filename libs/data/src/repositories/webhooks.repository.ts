import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { WebhookAttemptEntity, WebhookDeliveryEntity } from '../entities';
import { hydrate, queryRows } from './hydrate';

export interface NewDelivery {
  eventId: string;
  appId: string;
  transactionId: string;
  eventType: string;
  url: string;
  body: string;
}

export interface AttemptRecord {
  attemptNumber: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
}

/** webhook_deliveries and webhook_attempts: owned by webhook-dispatcher. */
@Injectable()
export class WebhooksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One delivery per (event, app): a re-published event finds the delivery it already has. */
  async createDelivery(d: NewDelivery): Promise<{ delivery: WebhookDeliveryEntity; created: boolean }> {
    const em = this.dataSource.manager;
    const rows = await queryRows(
      em,
      `INSERT INTO webhook_deliveries (id, event_id, app_id, transaction_id, event_type, url, body, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now())
       ON CONFLICT (event_id, app_id) DO NOTHING RETURNING *`,
      [randomUUID(), d.eventId, d.appId, d.transactionId, d.eventType, d.url, d.body],
    );
    if (rows.length === 1) return { delivery: hydrate(em, WebhookDeliveryEntity, rows[0]), created: true };
    const existing = await em.findOneByOrFail(WebhookDeliveryEntity, { eventId: d.eventId, appId: d.appId });
    return { delivery: existing, created: false };
  }

  findDelivery(id: string): Promise<WebhookDeliveryEntity | null> {
    return this.dataSource.manager.findOneBy(WebhookDeliveryEntity, { id });
  }

  attemptsOf(deliveryId: string): Promise<WebhookAttemptEntity[]> {
    return this.dataSource.manager.find(WebhookAttemptEntity, { where: { deliveryId }, order: { attemptNumber: 'ASC' } });
  }

  /**
   * Records one attempt and the delivery's new state together. The attempt number must be the
   * next one: a job that runs twice records its attempt once (returns false the second time).
   */
  async recordAttempt(
    deliveryId: string,
    attempt: AttemptRecord,
    next: { status: 'delivered' | 'pending' | 'abandoned'; nextAttemptAt: Date | null },
  ): Promise<boolean> {
    return this.dataSource.transaction(async (em) => {
      const updated = await queryRows(
        em,
        `UPDATE webhook_deliveries
            SET attempt_count = $2, status = $3, next_attempt_at = $4, last_status_code = $5, last_error = $6,
                delivered_at = CASE WHEN $3 = 'delivered' THEN now() ELSE delivered_at END, updated_at = now()
          WHERE id = $1 AND attempt_count = $2 - 1
          RETURNING id`,
        [deliveryId, attempt.attemptNumber, next.status, next.nextAttemptAt, attempt.statusCode, attempt.error],
      );
      if (updated.length === 0) return false;
      await em.insert(WebhookAttemptEntity, { deliveryId, ...attempt });
      return true;
    });
  }
}
