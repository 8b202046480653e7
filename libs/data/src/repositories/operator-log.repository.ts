import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedRows } from './prepared';
import { OperatorCallbackEntity, OperatorRequestEntity } from '../entities';
import type { Table } from '../ownership';

export type OperatorRequestRecord = Omit<OperatorRequestEntity, 'id' | 'createdAt'>;
export type OperatorCallbackRecord = Omit<OperatorCallbackEntity, 'id' | 'createdAt'>;

/** operator_requests and operator_callbacks: owned by operator-adapter, read by support. */
@Injectable()
export class OperatorLogRepository {
  static readonly writes: readonly Table[] = ['operator_requests', 'operator_callbacks'];

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
   */
  async recordCallback(record: OperatorCallbackRecord & { transactionId: string }, limit: number): Promise<string | null> {
    const rows = (await preparedRows(
      this.dataSource.manager,
      'operator_callbacks_insert',
      `INSERT INTO operator_callbacks (transaction_id, network, method, path, headers, body, remote_address, outcome)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8
       WHERE (SELECT count(*) FROM operator_callbacks WHERE transaction_id = $1) < $9
       RETURNING id`,
      [record.transactionId, record.network, record.method, record.path, JSON.stringify(record.headers), record.body, record.remoteAddress, record.outcome, limit],
    )) as { id: string }[];
    return rows.length > 0 ? String(rows[0].id) : null;
  }

  requestsFor(transactionId: string): Promise<OperatorRequestEntity[]> {
    return this.dataSource.manager.find(OperatorRequestEntity, { where: { transactionId }, order: { id: 'ASC' } });
  }

  callbacksFor(transactionId: string): Promise<OperatorCallbackEntity[]> {
    return this.dataSource.manager.find(OperatorCallbackEntity, { where: { transactionId }, order: { id: 'ASC' } });
  }
}
