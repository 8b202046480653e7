import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Mode } from '@momo/domain';
import { AttemptTrigger, DeliveryStatus, WebhookAttemptEntity, WebhookDeliveryEntity } from '../entities';
import { hydrate, queryRows } from './hydrate';
import { keyedRows, preparedRows } from './keyed-statements';
import { WEBHOOK_BODY_SQL } from './webhook-body.sql';
import type { Table } from '../ownership';

export interface NewDelivery {
  eventId: string;
  appId: string;
  transactionId: string;
  mode: Mode;
  eventType: string;
  url: string;
  body: string;
}

export interface AttemptRecord {
  attemptNumber: number;
  url: string | null;
  trigger: AttemptTrigger;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
}

export interface AttemptToRecord {
  deliveryId: string;
  attempt: AttemptRecord;
  verdict: AttemptVerdict;
  replaysSeen: number;
  now: Date;
}

export interface RecordedAttempt {
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
}

/** What the worker decided after an attempt; a replay that came in meanwhile overrides a failure. */
export type AttemptVerdict =
  | { status: 'delivered' }
  | { status: 'pending'; nextAttemptAt: Date }
  | { status: 'abandoned' };

/**
 * What an attempt needs of the app, in the delivery's mode only: where to send, and the secrets
 * to sign with (sealed). A live delivery never sees the test settings, nor the other way round.
 */
export interface SigningEndpoint {
  appId: string;
  mode: Mode;
  url: string | null;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | null;
}

export type NewDeliveryOutcome =
  | { kind: 'created'; delivery: WebhookDeliveryEntity; endpoint: SigningEndpoint }
  | { kind: 'existing'; delivery: WebhookDeliveryEntity }
  /** Created, but its app is disabled: kept pending, sent once the app is enabled again. */
  | { kind: 'held'; delivery: WebhookDeliveryEntity }
  | { kind: 'no_webhook_url' }
  | { kind: 'no_event' };

export type AttemptClaim =
  | { claimed: true; delivery: WebhookDeliveryEntity; endpoint: SigningEndpoint }
  | { claimed: false; reason: 'missing' | 'finished' | 'other_attempt' | 'app_disabled' }
  | { claimed: false; reason: 'not_due' | 'leased'; retryAt: Date };

/** The columns a delivery query returns about its endpoint (see endpointFrom). */
const ENDPOINT_COLUMNS = `s.url AS endpoint_url, s.secret_ciphertext AS endpoint_secret,
  s.previous_secret_ciphertext AS endpoint_previous_secret, s.previous_secret_expires_at AS endpoint_previous_expires_at`;

/** Attempts recorded on their deliveries (recordAttempts), from thirteen array parameters, one row per delivery. */
export const RECORD_ATTEMPTS_SQL = `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::int[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[],
                              $8::int[], $9::text[], $10::text[], $11::text[], $12::int[], $13::text[])
           AS t(delivery_id, attempt_number, verdict, replays_seen, next_at, now_at, started_at, status_code, error, url, trigger, duration_ms, response_body)
       ), updated AS (
         UPDATE webhook_deliveries d
            SET attempt_count = i.attempt_number,
                status = CASE WHEN i.verdict = 'delivered' THEN 'delivered' WHEN d.replay_count <> i.replays_seen THEN 'pending' ELSE i.verdict END,
                next_attempt_at = CASE WHEN i.verdict = 'delivered' THEN NULL WHEN d.replay_count <> i.replays_seen THEN i.now_at ELSE i.next_at END,
                lease_until = NULL, last_attempt_at = i.started_at, last_status_code = i.status_code, last_error = i.error,
                url = COALESCE(i.url, d.url), delivered_at = CASE WHEN i.verdict = 'delivered' THEN i.now_at ELSE d.delivered_at END,
                updated_at = now()
           FROM input i
          WHERE d.id = i.delivery_id AND d.attempt_count = i.attempt_number - 1
          RETURNING d.id, d.status, d.next_attempt_at
       ), inserted AS (
         INSERT INTO webhook_attempts (delivery_id, attempt_number, url, trigger, started_at, duration_ms, status_code, response_body, error)
         SELECT i.delivery_id, i.attempt_number, i.url, i.trigger, i.started_at, i.duration_ms, i.status_code, i.response_body, i.error
           FROM input i JOIN updated u ON u.id = i.delivery_id
       )
       SELECT id, status, next_attempt_at FROM updated`;

/**
 * Creates the deliveries of outbox events (`createDeliveriesForEvents`). Run keyed: one generic
 * plan per connection, often made while the outbox is nearly empty. Joined plainly, that plan
 * walked every event of the app (the app's index, to feed the webhook settings' lookup) and kept
 * doing so as the outbox grew: one index entry more per cash-in for every delivery created. Each
 * event is therefore fetched in a lateral subquery that Postgres cannot flatten (`OFFSET 0`): by
 * primary key, once per event given, whatever the table held when the plan was made.
 */
export const CREATE_DELIVERIES_SQL = `WITH input AS (
           SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::timestamptz[]) AS t(event_id, new_id, now_at, lease_until)
         ), source AS (
           SELECT i.new_id, i.now_at, i.lease_until, e.id AS event_id, e.app_id, e.transaction_id, e.payload->>'mode' AS mode, e.event_type,
                  (SELECT tx.request_id FROM transactions tx WHERE tx.id = e.transaction_id) AS request_id,
                  ${WEBHOOK_BODY_SQL} AS body,
                  a.status = 'active' AS app_active, ${ENDPOINT_COLUMNS}
             FROM input i
             CROSS JOIN LATERAL (SELECT * FROM outbox_events e WHERE e.id = i.event_id OFFSET 0) e
             JOIN apps a ON a.id = e.app_id
             JOIN app_webhook_settings s ON s.app_id = e.app_id AND s.mode = e.payload->>'mode'
         ), created AS (
           INSERT INTO webhook_deliveries (id, event_id, app_id, transaction_id, mode, event_type, url, body, next_attempt_at, lease_until, request_id)
           SELECT new_id, event_id, app_id, transaction_id, mode, event_type, endpoint_url, body, now_at, CASE WHEN app_active THEN lease_until END, request_id
             FROM source WHERE endpoint_url IS NOT NULL
           ON CONFLICT (event_id, app_id) DO NOTHING
           RETURNING *
         )
         SELECT created.*, source.event_id AS source_event_id, source.app_id AS source_app_id, source.mode AS source_mode, source.app_active,
                source.endpoint_url, source.endpoint_secret, source.endpoint_previous_secret, source.endpoint_previous_expires_at
           FROM source LEFT JOIN created ON created.event_id = source.event_id`;

/**
 * The claim and what the attempt needs of the app in the delivery's mode, read fresh, in one round
 * trip, for every retry and every delivery whose app's lane was full. Prepared: planned on every
 * call it cost Postgres 500-515 µs of CPU per claim, prepared 220-240 (docs/performance.md,
 * "Measured on 2026-11-29 (evening)").
 *
 * Its plan must reach the delivery by primary key whatever the table looks like when Postgres
 * makes the generic plan it then keeps. Written plainly, the delivery's state conditions match the
 * due-deliveries index (`next_attempt_at`, partial on `status = 'pending'`), and on a small or
 * empty table that plan wins: kept while the table grows, it would walk every due delivery for
 * each claim. Wrapped in one `IS TRUE` (the same rows in a WHERE) they match no index, which leaves
 * the id (by-key.plans.int-spec.ts checks the generic plan).
 */
export const CLAIM_ATTEMPT_SQL = `UPDATE webhook_deliveries d SET lease_until = $4
    FROM apps a, app_webhook_settings s
   WHERE d.id = $1 AND a.id = d.app_id AND s.app_id = d.app_id AND s.mode = d.mode AND a.status = 'active'
     AND (d.status = 'pending' AND d.attempt_count = $2 - 1 AND d.next_attempt_at <= $3
          AND (d.lease_until IS NULL OR d.lease_until <= $3)) IS TRUE
   RETURNING d.*, ${ENDPOINT_COLUMNS}`;

function endpointFrom(row: Record<string, unknown>, appId: string, mode: Mode): SigningEndpoint {
  return {
    appId,
    mode,
    url: row.endpoint_url as string | null,
    secretCiphertext: row.endpoint_secret as string,
    previousSecretCiphertext: row.endpoint_previous_secret as string | null,
    previousSecretExpiresAt: row.endpoint_previous_expires_at as Date | null,
  };
}

export interface DueDelivery {
  id: string;
  appId: string;
  nextAttempt: number;
}

/**
 * Splits items into rounds in which no key repeats (one statement cannot touch a row twice),
 * keeping each item's position for the results.
 */
function roundsOfDistinct<T>(items: T[], key: (item: T) => string): { item: T; index: number }[][] {
  const rounds: { item: T; index: number }[][] = [];
  const seen: Set<string>[] = [];
  items.forEach((item, index) => {
    const k = key(item);
    let r = seen.findIndex((keys) => !keys.has(k));
    if (r === -1) {
      r = rounds.length;
      rounds.push([]);
      seen.push(new Set());
    }
    rounds[r].push({ item, index });
    seen[r].add(k);
  });
  return rounds;
}

/** Postgres text columns cannot hold NUL; receivers can answer anything. */
const withoutNul = (text: string | null): string | null => (text === null ? null : text.replace(/\u0000/g, '\uFFFD'));

/**
 * The dispatcher's write path over webhook_deliveries and webhook_attempts: creating a delivery
 * per outbox event, claiming and recording attempts, finding overdue ones. Merchants' reads and
 * replays are in DeliveryLogRepository.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  static readonly writes: readonly Table[] = ['webhook_deliveries', 'webhook_attempts'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One delivery per (event, app): a re-published event finds the delivery it already has. */
  async createDelivery(d: NewDelivery, now: Date): Promise<{ delivery: WebhookDeliveryEntity; created: boolean }> {
    const em = this.dataSource.manager;
    const rows = await queryRows(
      em,
      `INSERT INTO webhook_deliveries (id, event_id, app_id, transaction_id, mode, event_type, url, body, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (event_id, app_id) DO NOTHING RETURNING *`,
      [randomUUID(), d.eventId, d.appId, d.transactionId, d.mode, d.eventType, d.url, d.body, now],
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
   * Takes the right to make attempt `attemptNumber` now: the delivery must be pending, due, on
   * that attempt, and not leased to another worker (or that worker's lease ran out: it crashed),
   * and its app enabled (a disabled app's deliveries wait, pending, until it is enabled again).
   */
  async claimAttempt(deliveryId: string, attemptNumber: number, now: Date, leaseUntil: Date): Promise<AttemptClaim> {
    const em = this.dataSource.manager;
    const rows = await preparedRows(em, 'webhook_claim_attempt', CLAIM_ATTEMPT_SQL, [deliveryId, attemptNumber, now, leaseUntil]);
    if (rows.length === 1) {
      const delivery = hydrate(em, WebhookDeliveryEntity, rows[0]);
      return { claimed: true, delivery, endpoint: endpointFrom(rows[0], delivery.appId, delivery.mode) };
    }
    const found = await queryRows(em, `SELECT d.*, a.status AS app_status FROM webhook_deliveries d JOIN apps a ON a.id = d.app_id WHERE d.id = $1`, [deliveryId]);
    if (found.length === 0) return { claimed: false, reason: 'missing' };
    const current = hydrate(em, WebhookDeliveryEntity, found[0]);
    if (current.status !== 'pending') return { claimed: false, reason: 'finished' };
    if (current.attemptCount !== attemptNumber - 1) return { claimed: false, reason: 'other_attempt' };
    if (found[0].app_status !== 'active') return { claimed: false, reason: 'app_disabled' };
    if (current.leaseUntil && current.leaseUntil > now) return { claimed: false, reason: 'leased', retryAt: current.leaseUntil };
    return { claimed: false, reason: 'not_due', retryAt: current.nextAttemptAt ?? now };
  }

  /**
   * Records one attempt and the delivery's new state together, releasing the lease. The attempt
   * number must be the next one, so an attempt is recorded once however often its job runs.
   * `replaysSeen` is the replay count when the attempt was claimed: if a replay arrived since, a
   * failed attempt leaves the delivery due at once rather than on the old schedule.
   * Returns the delivery's new status and next attempt time, or null if already recorded.
   */
  async recordAttempt(
    deliveryId: string,
    attempt: AttemptRecord,
    verdict: AttemptVerdict,
    replaysSeen: number,
    now: Date,
  ): Promise<RecordedAttempt | null> {
    return (await this.recordAttempts([{ deliveryId, attempt, verdict, replaysSeen, now }]))[0];
  }

  /**
   * `recordAttempt` for many deliveries in one statement (one round trip, atomic per statement),
   * results in the order given. The same delivery twice goes into separate statements.
   */
  async recordAttempts(items: AttemptToRecord[]): Promise<(RecordedAttempt | null)[]> {
    const results: (RecordedAttempt | null)[] = new Array(items.length).fill(null);
    for (const round of roundsOfDistinct(items, (item) => item.deliveryId)) {
      const rows = await keyedRows(
        this.dataSource.manager,
        'webhook-record-attempts',
        RECORD_ATTEMPTS_SQL,
        [
          round.map(({ item }) => item.deliveryId),
          round.map(({ item }) => item.attempt.attemptNumber),
          round.map(({ item }) => item.verdict.status),
          round.map(({ item }) => item.replaysSeen),
          round.map(({ item }) => (item.verdict.status === 'pending' ? item.verdict.nextAttemptAt : null)),
          round.map(({ item }) => item.now),
          round.map(({ item }) => item.attempt.startedAt),
          round.map(({ item }) => item.attempt.statusCode),
          round.map(({ item }) => withoutNul(item.attempt.error)),
          round.map(({ item }) => item.attempt.url),
          round.map(({ item }) => item.attempt.trigger),
          round.map(({ item }) => item.attempt.durationMs),
          round.map(({ item }) => withoutNul(item.attempt.responseBody)),
        ],
      );
      const byId = new Map(rows.map((r) => [r.id as string, r]));
      for (const { item, index } of round) {
        const row = byId.get(item.deliveryId);
        results[index] = row ? { status: row.status as DeliveryStatus, nextAttemptAt: (row.next_attempt_at as Date | null) ?? null } : null;
      }
    }
    return results;
  }

  /**
   * Creates the delivery of an outbox event to its app, in one statement: the body is built here
   * from the Transaction JSON exactly as payments-core stored it, and the first attempt is already
   * claimed (`leaseUntil`) for the caller. An event delivered before finds its delivery. The URL
   * and secrets are those of the event's mode; with no URL in that mode there is no delivery. A
   * disabled app's delivery is created unclaimed and held.
   */
  async createDeliveryForEvent(eventId: string, now: Date, leaseUntil: Date): Promise<NewDeliveryOutcome> {
    return (await this.createDeliveriesForEvents([{ eventId, now, leaseUntil }]))[0];
  }

  /** `createDeliveryForEvent` for many events in one statement, results in the order given. */
  async createDeliveriesForEvents(items: { eventId: string; now: Date; leaseUntil: Date }[]): Promise<NewDeliveryOutcome[]> {
    const em = this.dataSource.manager;
    const results: NewDeliveryOutcome[] = new Array(items.length).fill({ kind: 'no_event' });
    for (const round of roundsOfDistinct(items, (item) => item.eventId)) {
      const rows = await keyedRows(
        em,
        'webhook-create-deliveries',
        CREATE_DELIVERIES_SQL,
        [round.map(({ item }) => item.eventId), round.map(() => randomUUID()), round.map(({ item }) => item.now), round.map(({ item }) => item.leaseUntil)],
      );
      const byEvent = new Map(rows.map((r) => [r.source_event_id as string, r]));
      for (const { item, index } of round) {
        const row = byEvent.get(item.eventId);
        if (!row) results[index] = { kind: 'no_event' };
        else if (!row.endpoint_url) results[index] = { kind: 'no_webhook_url' };
        else if (row.id === null) {
          results[index] = { kind: 'existing', delivery: await em.findOneByOrFail(WebhookDeliveryEntity, { eventId: item.eventId, appId: row.source_app_id as string }) };
        } else if (!row.app_active) {
          results[index] = { kind: 'held', delivery: hydrate(em, WebhookDeliveryEntity, row) };
        } else {
          results[index] = {
            kind: 'created',
            delivery: hydrate(em, WebhookDeliveryEntity, row),
            endpoint: endpointFrom(row, row.source_app_id as string, row.source_mode as Mode),
          };
        }
      }
    }
    return results;
  }

  /**
   * Gives up the first attempt's claim taken at creation (the app's lane was full): the queue makes
   * it instead. Prepared (a full lane is most frequent under overload): its only indexed condition
   * is the primary key, so its generic plan is a key lookup.
   */
  async releaseFirstClaim(deliveryId: string): Promise<void> {
    await preparedRows(this.dataSource.manager, 'webhook_release_first_claim', `UPDATE webhook_deliveries SET lease_until = NULL WHERE id = $1 AND attempt_count = 0`, [deliveryId]);
  }

  /**
   * Pending deliveries overdue by more than the grace period and not being attempted: either
   * their job is still waiting in a backlog, or Redis lost it. The sweeper checks which. A
   * disabled app's deliveries are held, not overdue: once it is enabled they come back here.
   */
  async overdueDeliveries(now: Date, graceMs: number, limit: number): Promise<DueDelivery[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT d.id, d.app_id, d.attempt_count FROM webhook_deliveries d JOIN apps a ON a.id = d.app_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= $1::timestamptz - make_interval(secs => $2::double precision / 1000)
          AND (d.lease_until IS NULL OR d.lease_until <= $1) AND a.status = 'active'
        ORDER BY d.next_attempt_at LIMIT $3`,
      [now, graceMs, limit],
    );
    return rows.map((r) => ({ id: r.id as string, appId: r.app_id as string, nextAttempt: (r.attempt_count as number) + 1 }));
  }
}
