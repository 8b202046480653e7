import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queryRows } from './hydrate';
import type { Table } from '../ownership';

/** Age buckets of pending transactions, as on-call reads them (upper bounds in seconds). */
export const PENDING_AGE_BUCKETS = [
  { label: '< 1 min', upTo: 60 },
  { label: '1–5 min', upTo: 300 },
  { label: '5–15 min', upTo: 900 },
  { label: '15–60 min', upTo: 3_600 },
  { label: '1–24 h', upTo: 86_400 },
  { label: '> 24 h', upTo: Number.POSITIVE_INFINITY },
] as const;

export interface PendingCount {
  network: string;
  mode: string;
  direction: string;
  bucket: number;
  count: number;
}

/** A transaction as the console's lists show it: with its merchant's and app's names. */
export interface ConsoleTransaction {
  id: string;
  merchantName: string;
  appName: string;
  mode: string;
  direction: string;
  network: string;
  amount: number;
  msisdn: string;
  reference: string;
  createdAt: Date;
}

export interface PendingTransactionRow extends ConsoleTransaction {
  initiationState: string;
  ageSeconds: number;
  checksMade: number;
  nextCheckAt: Date | null;
}

export interface AbandonedByApp {
  appId: string;
  appName: string;
  merchantName: string;
  mode: string;
  count: number;
  oldest: Date;
  newest: Date;
  /** The newest abandoned delivery's last answer: an HTTP status, or the error when there was none. */
  lastAnswer: string | null;
}

export interface OutboxProgress {
  unpublished: number;
  oldestUnpublishedSeconds: number | null;
  publishedNotTaken: number;
  oldestNotTakenSeconds: number | null;
}

export interface TransactionSummary extends ConsoleTransaction {
  status: string;
  requestId: string | null;
}

/** The columns and joins a `ConsoleTransaction` is read from (transactions t, apps a, merchants m). */
const CONSOLE_TRANSACTION_COLUMNS = `t.id, m.name AS merchant_name, a.name AS app_name, t.mode, t.direction, t.network, t.amount, t.msisdn, t.reference, t.created_at`;
const CONSOLE_TRANSACTION_FROM = `transactions t JOIN apps a ON a.id = t.app_id JOIN merchants m ON m.id = t.merchant_id`;

function consoleTransaction(r: Record<string, unknown>): ConsoleTransaction {
  return {
    id: r.id as string,
    merchantName: r.merchant_name as string,
    appName: r.app_name as string,
    mode: r.mode as string,
    direction: r.direction as string,
    network: r.network as string,
    amount: Number(r.amount),
    msisdn: r.msisdn as string,
    reference: r.reference as string,
    createdAt: r.created_at as Date,
  };
}

/** Everything recorded about one transaction, across the services that wrote it. */
export interface PaymentStory {
  transaction: Record<string, unknown>;
  operatorRequests: Record<string, unknown>[];
  operatorCallbacks: Record<string, unknown>[];
  journals: { id: string; kind: string; createdAt: Date; entries: { account: string; amount: number }[] }[];
  outboxEvents: Record<string, unknown>[];
  deliveries: (Record<string, unknown> & { attempts: Record<string, unknown>[] })[];
  reconciliationCheck: Record<string, unknown> | null;
  exceptions: Record<string, unknown>[];
  refunds: Record<string, unknown>[];
}

/**
 * Read models of the on-call console: what is stuck, where, and the whole story of one payment.
 * Reads only; actions (replay, resolve) go through the owning repositories.
 */
@Injectable()
export class OpsViewsRepository {
  static readonly writes: readonly Table[] = [];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Pending transactions counted by network, mode, direction and age bucket (index: transactions_pending_idx). */
  async pendingByAge(): Promise<PendingCount[]> {
    const bounds = PENDING_AGE_BUCKETS.slice(0, -1).map((b) => b.upTo);
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT network, mode, direction, width_bucket(extract(epoch FROM now() - created_at), $1::float8[]) AS bucket, count(*)::int AS n
         FROM transactions WHERE status = 'pending'
        GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      [bounds],
    );
    return rows.map((r) => ({ network: r.network as string, mode: r.mode as string, direction: r.direction as string, bucket: r.bucket as number, count: r.n as number }));
  }

  async countPendingOlderThan(seconds: number): Promise<number> {
    const [row] = await queryRows(
      this.dataSource.manager,
      `SELECT count(*)::int AS n FROM transactions WHERE status = 'pending' AND created_at <= now() - make_interval(secs => $1)`,
      [seconds],
    );
    return row.n as number;
  }

  /** Pending transactions at least `minAgeSeconds` old, oldest first. */
  async pendingOlderThan(minAgeSeconds: number, filters: { network?: string; mode?: string }, limit: number): Promise<PendingTransactionRow[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT ${CONSOLE_TRANSACTION_COLUMNS}, t.initiation_state, extract(epoch FROM now() - t.created_at)::int AS age_seconds,
              COALESCE(c.checks_made, 0) AS checks_made, c.next_check_at
         FROM ${CONSOLE_TRANSACTION_FROM}
         LEFT JOIN reconciliation_checks c ON c.transaction_id = t.id
        WHERE t.status = 'pending' AND t.created_at <= now() - make_interval(secs => $1)
          AND ($2::text IS NULL OR t.network = $2) AND ($3::text IS NULL OR t.mode = $3)
        ORDER BY t.created_at LIMIT $4`,
      [minAgeSeconds, filters.network ?? null, filters.mode ?? null, limit],
    );
    return rows.map((r) => ({
      ...consoleTransaction(r),
      initiationState: r.initiation_state as string,
      ageSeconds: r.age_seconds as number,
      checksMade: r.checks_made as number,
      nextCheckAt: r.next_check_at as Date | null,
    }));
  }

  async abandonedDeliveriesByApp(): Promise<AbandonedByApp[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT d.app_id, a.name AS app_name, m.name AS merchant_name, d.mode, count(*)::int AS n,
              min(d.updated_at) AS oldest, max(d.updated_at) AS newest,
              (array_agg(COALESCE('HTTP ' || d.last_status_code, d.last_error) ORDER BY d.updated_at DESC))[1] AS last_answer
         FROM webhook_deliveries d JOIN apps a ON a.id = d.app_id JOIN merchants m ON m.id = a.merchant_id
        WHERE d.status = 'abandoned'
        GROUP BY d.app_id, a.name, m.name, d.mode
        ORDER BY n DESC, newest DESC`,
    );
    return rows.map((r) => ({
      appId: r.app_id as string,
      appName: r.app_name as string,
      merchantName: r.merchant_name as string,
      mode: r.mode as string,
      count: r.n as number,
      oldest: r.oldest as Date,
      newest: r.newest as Date,
      lastAnswer: r.last_answer as string | null,
    }));
  }

  /**
   * How far the outbox is behind: events not yet published, and published ones the dispatcher has
   * not taken (no delivery made of them yet, and not yet marked consumed by the sweeper, which marks
   * the events of an app without a webhook URL after its grace period).
   */
  async outboxProgress(): Promise<OutboxProgress> {
    const [row] = await queryRows(
      this.dataSource.manager,
      `WITH not_taken AS (
         SELECT e.published_at FROM outbox_events e
          WHERE e.published_at IS NOT NULL AND e.consumed_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id))
       SELECT (SELECT count(*)::int FROM outbox_events WHERE published_at IS NULL) AS unpublished,
              (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM outbox_events WHERE published_at IS NULL) AS oldest_unpublished,
              (SELECT count(*)::int FROM not_taken) AS not_taken,
              (SELECT extract(epoch FROM now() - min(published_at))::float8 FROM not_taken) AS oldest_not_taken`,
    );
    return {
      unpublished: row.unpublished as number,
      oldestUnpublishedSeconds: row.oldest_unpublished as number | null,
      publishedNotTaken: row.not_taken as number,
      oldestNotTakenSeconds: row.oldest_not_taken as number | null,
    };
  }

  /**
   * Finds payments by what support is given: our transaction id, the request id a merchant
   * quotes, the merchant's reference, or the payer's phone number (already normalised to 250…).
   */
  async search(term: { id?: string; msisdn?: string; text?: string }, limit: number): Promise<TransactionSummary[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT ${CONSOLE_TRANSACTION_COLUMNS}, t.status, t.request_id
         FROM ${CONSOLE_TRANSACTION_FROM}
        WHERE ($1::uuid IS NOT NULL AND t.id = $1::uuid)
           OR ($2::text IS NOT NULL AND t.msisdn = $2)
           OR ($3::text IS NOT NULL AND (t.reference = $3 OR t.request_id = $3 OR t.provider_ref = $3))
        ORDER BY t.created_at DESC LIMIT $4`,
      [term.id ?? null, term.msisdn ?? null, term.text ?? null, limit],
    );
    return rows.map((r) => ({ ...consoleTransaction(r), status: r.status as string, requestId: r.request_id as string | null }));
  }

  async story(transactionId: string): Promise<PaymentStory | null> {
    const em = this.dataSource.manager;
    const [transaction] = await queryRows(
      em,
      `SELECT t.*, m.name AS merchant_name, a.name AS app_name
         FROM transactions t JOIN apps a ON a.id = t.app_id JOIN merchants m ON m.id = t.merchant_id WHERE t.id = $1`,
      [transactionId],
    );
    if (!transaction) return null;
    const [operatorRequests, operatorCallbacks, journalRows, outboxEvents, deliveries, attempts, checks, exceptions, refunds] = await Promise.all([
      queryRows(em, `SELECT id, network, mode, operation, method, url, request_headers, request_body, response_status, response_body, error, duration_ms, created_at FROM operator_requests WHERE transaction_id = $1 ORDER BY created_at, id`, [transactionId]),
      queryRows(em, `SELECT id, network, method, path, body, remote_address, outcome, created_at FROM operator_callbacks WHERE transaction_id = $1 ORDER BY created_at, id`, [transactionId]),
      queryRows(
        em,
        `SELECT j.id, j.kind, j.created_at, la.account_key, e.amount
           FROM ledger_journals j JOIN ledger_entries e ON e.journal_id = j.id JOIN ledger_accounts la ON la.id = e.account_id
          WHERE j.transaction_id = $1 ORDER BY j.id, e.id`,
        [transactionId],
      ),
      queryRows(em, `SELECT id, event_type, created_at, published_at, consumed_at FROM outbox_events WHERE transaction_id = $1 ORDER BY created_at`, [transactionId]),
      queryRows(em, `SELECT id, event_id, event_type, url, status, mode, attempt_count, replay_count, next_attempt_at, last_status_code, last_error, created_at, delivered_at FROM webhook_deliveries WHERE transaction_id = $1 ORDER BY created_at`, [transactionId]),
      queryRows(
        em,
        `SELECT wa.delivery_id, wa.attempt_number, wa.started_at, wa.duration_ms, wa.status_code, wa.error, wa.trigger, left(wa.response_body, 500) AS response_body
           FROM webhook_attempts wa JOIN webhook_deliveries d ON d.id = wa.delivery_id
          WHERE d.transaction_id = $1 ORDER BY wa.delivery_id, wa.attempt_number`,
        [transactionId],
      ),
      queryRows(em, `SELECT checks_made, next_check_at, last_checked_at FROM reconciliation_checks WHERE transaction_id = $1`, [transactionId]),
      queryRows(em, `SELECT * FROM reconciliation_exceptions WHERE transaction_id = $1 ORDER BY first_seen_at`, [transactionId]),
      queryRows(em, `SELECT id, status, amount, created_at FROM transactions WHERE reverses_payment_id = $1 ORDER BY created_at`, [transactionId]),
    ]);
    const journals = new Map<string, PaymentStory['journals'][number]>();
    for (const r of journalRows) {
      const id = String(r.id);
      if (!journals.has(id)) journals.set(id, { id, kind: r.kind as string, createdAt: r.created_at as Date, entries: [] });
      journals.get(id)!.entries.push({ account: r.account_key as string, amount: Number(r.amount) });
    }
    return {
      transaction,
      operatorRequests,
      operatorCallbacks,
      journals: [...journals.values()],
      // Taken: when the dispatcher made the event's delivery (the deliveries come oldest first); the
      // sweeper's consumed_at comes later, and alone (no delivery) means the app had no webhook URL in that mode.
      outboxEvents: outboxEvents.map((e) => ({ ...e, delivery_created_at: deliveries.find((d) => d.event_id === e.id)?.created_at ?? null })),
      deliveries: deliveries.map((d) => ({ ...d, attempts: attempts.filter((a) => a.delivery_id === d.id) })),
      reconciliationCheck: checks[0] ?? null,
      exceptions,
      refunds,
    };
  }
}
