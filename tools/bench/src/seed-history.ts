import type { DataSource } from 'typeorm';
import type { SeededMerchant } from '@momo/testing';

/** The description every seeded cash-in carries: checks of a run's own cash-ins leave them out. */
export const HISTORY_DESCRIPTION = 'seeded history';

/**
 * Months of past traffic before a benchmark starts: `count` failed cash-ins of the merchant's app,
 * each with its event, its delivered webhook and attempt, and the simulator's record of it, then
 * fresh statistics on those tables. A production database is large and its statistics settled; a run
 * that starts on empty tables measures plans made for tables of a few thousand rows
 * (docs/performance.md, "Measured on 2026-11-25 and not taken"). Failed cash-ins move no money,
 * so the books stay as they were.
 */
export async function seedHistory(dataSource: DataSource, merchant: Pick<SeededMerchant, 'merchantId' | 'appId'>, count: number): Promise<void> {
  await dataSource.transaction(async (em) => {
    await em.query(
      `CREATE TEMP TABLE seed ON COMMIT DROP AS
         SELECT gen_random_uuid() AS id, gen_random_uuid() AS event_id, gen_random_uuid() AS delivery_id, i,
                now() - make_interval(days => 3, secs => i) AS at
           FROM generate_series(1, $1::int) AS i`,
      [count],
    );
    await em.query(
      `INSERT INTO transactions (id, merchant_id, app_id, mode, direction, amount, fee, msisdn, description, reference, status, failure_code,
                                 network, provider, initiated_by, initiation_state, created_at, updated_at, completed_at, request_id)
       SELECT id, $1, $2, 'test', 'collect', 1500, 30, '25078' || lpad((i % 9000000)::text, 7, '0'), $3, 'history-' || i, 'failed', 'DECLINED',
              'mtn', 'mtn_momo', 'api', 'accepted', at, at, at + interval '5 seconds', 'history-' || i
         FROM seed`,
      [merchant.merchantId, merchant.appId, HISTORY_DESCRIPTION],
    );
    await em.query(
      `INSERT INTO outbox_events (id, event_type, transaction_id, app_id, payload, created_at, published_at, consumed_at, published_job)
       SELECT event_id, 'payment.failed', id, $1, json_build_object('mode', 'test', 'id', id), at, at, at, 'history' FROM seed`,
      [merchant.appId],
    );
    await em.query(
      `INSERT INTO webhook_deliveries (id, event_id, app_id, transaction_id, event_type, url, body, status, attempt_count, created_at, updated_at,
                                       delivered_at, mode, last_attempt_at, last_status_code)
       SELECT delivery_id, event_id, $1, id, 'payment.failed', 'https://merchant.example/hooks', '{}', 'delivered', 1, at, at, at, 'test', at, 200 FROM seed`,
      [merchant.appId],
    );
    await em.query(
      `INSERT INTO webhook_attempts (delivery_id, attempt_number, started_at, duration_ms, status_code, url, trigger)
       SELECT delivery_id, 1, at, 20, 200, 'https://merchant.example/hooks', 'schedule' FROM seed`,
    );
    await em.query(
      `INSERT INTO operator_simulator.transactions (operator, reference, kind, operator_txn_id, msisdn, amount, currency, scenario, status, reason, created_at, resolved_at)
       SELECT 'mtn', id::text, 'collection', 'history-' || i, '25078' || lpad((i % 9000000)::text, 7, '0'), 1500, 'RWF', 'default', 'FAILED', 'DECLINED', at, at FROM seed`,
    );
  });
  await dataSource.query(`ANALYZE transactions, outbox_events, webhook_deliveries, webhook_attempts, operator_simulator.transactions`);
}
