import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MicroBatcher, wholeOrEachAlone } from '@momo/platform';
import { keyedRows, preparedRows } from './keyed-statements';
import { OperatorCallbackEntity, OperatorRequestEntity } from '../entities';
import type { Table } from '../ownership';

export type OperatorRequestRecord = Omit<OperatorRequestEntity, 'id' | 'createdAt'>;
export type OperatorCallbackRecord = Omit<OperatorCallbackEntity, 'id' | 'createdAt'>;
type CallbackToRecord = { record: OperatorCallbackRecord & { transactionId: string }; limit: number };

/** Callbacks stored, each while its transaction has fewer than its cap (insertCallbacks), from nine array parameters. */
export const INSERT_CALLBACKS_SQL = `WITH v AS (
   SELECT v.*, row_number() OVER (PARTITION BY v.transaction_id ORDER BY v.ord) AS nth
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::text[], $7::text[], $8::text[], $9::int[])
          WITH ORDINALITY AS v(transaction_id, network, method, path, headers, body, remote_address, outcome, cap, ord)
 ), admitted AS MATERIALIZED (
   SELECT nextval(pg_get_serial_sequence('operator_callbacks', 'id')) AS id, v.*
     FROM v
    WHERE (SELECT count(*) FROM operator_callbacks c WHERE c.transaction_id = v.transaction_id) + v.nth <= v.cap
 ), stored AS (
   INSERT INTO operator_callbacks (id, transaction_id, network, method, path, headers, body, remote_address, outcome)
   SELECT id, transaction_id, network, method, path, headers, body, remote_address, outcome FROM admitted
 )
 SELECT id, ord FROM admitted`;

/** operator_requests and operator_callbacks: owned by operator-adapter, read by support. */
@Injectable()
export class OperatorLogRepository {
  static readonly writes: readonly Table[] = ['operator_requests', 'operator_callbacks'];

  private readonly callbacks = new MicroBatcher<CallbackToRecord, string | null>((batch) => this.recordCallbacks(batch), {
    maxBatch: 200,
    maxConcurrentFlushes: 2,
    gatherTurn: true,
  });

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async recordRequest(record: OperatorRequestRecord): Promise<void> {
    await this.recordRequests([record]);
  }

  /** Many exchanges in one statement and one commit (the adapter batches its log writes); plain SQL: it runs on every call. */
  async recordRequests(records: OperatorRequestRecord[]): Promise<void> {
    if (records.length === 0) return;
    const column = <K extends keyof OperatorRequestRecord>(key: K) => records.map((r) => r[key]);
    await preparedRows(
      this.dataSource.manager,
      'operator_requests_insert',
      `INSERT INTO operator_requests (transaction_id, network, mode, operation, method, url, request_headers, request_body,
         response_status, response_body, error, duration_ms)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::text[],
         $9::int[], $10::text[], $11::text[], $12::int[])`,
      [
        column('transactionId'), column('network'), column('mode'), column('operation'), column('method'), column('url'),
        records.map((r) => JSON.stringify(r.requestHeaders)), column('requestBody'), column('responseStatus'),
        column('responseBody'), column('error'), column('durationMs'),
      ],
    );
  }

  /**
   * Stores a callback about a known transaction unless that transaction already has `limit` of
   * them (a sender replaying callbacks cannot grow the table without bound). Returns the callback's
   * id (it names the status check the callback triggers), or null when it was not stored.
   * Callbacks stored at the same moment go in one statement (one commit); the operator hears 200
   * only once its own callback is committed.
   */
  recordCallback(record: OperatorCallbackRecord & { transactionId: string }, limit: number): Promise<string | null> {
    return this.callbacks.submit({ record, limit });
  }

  /** One row Postgres refuses must not fail the callbacks stored with it. */
  private recordCallbacks(batch: CallbackToRecord[]): Promise<(string | null | Error)[]> {
    return wholeOrEachAlone(batch, (some) => this.insertCallbacks(some));
  }

  /**
   * The n-th callback of a transaction in the batch is stored if the transaction has fewer than
   * `limit` - n + 1 already; ids are drawn before the insert so each caller gets its own back.
   * Keyed: prepared on an ordinary connection, Postgres judged its generic plan (the count by
   * transaction over an `unnest` of unknown length) dearer than a custom one and planned it on
   * every call, 200-330 µs each; on the keyed pool it is planned once per connection.
   */
  private async insertCallbacks(batch: CallbackToRecord[]): Promise<(string | null)[]> {
    const column = <K extends keyof OperatorCallbackRecord>(key: K) => batch.map(({ record }) => record[key]);
    const rows = await keyedRows(
      this.dataSource.manager,
      'operator_callbacks_insert_many',
      INSERT_CALLBACKS_SQL,
      [
        column('transactionId'), column('network'), column('method'), column('path'),
        batch.map(({ record }) => JSON.stringify(record.headers)), column('body'), column('remoteAddress'), column('outcome'),
        batch.map(({ limit }) => limit),
      ],
    );
    const idByPosition = new Map(rows.map((r) => [Number(r.ord), String(r.id)]));
    return batch.map((_, index) => idByPosition.get(index + 1) ?? null);
  }

  requestsFor(transactionId: string): Promise<OperatorRequestEntity[]> {
    return this.dataSource.manager.find(OperatorRequestEntity, { where: { transactionId }, order: { id: 'ASC' } });
  }

  callbacksFor(transactionId: string): Promise<OperatorCallbackEntity[]> {
    return this.dataSource.manager.find(OperatorCallbackEntity, { where: { transactionId }, order: { id: 'ASC' } });
  }
}
