import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OperatorCallbackEntity, OperatorRequestEntity } from '../entities';

export type OperatorRequestRecord = Omit<OperatorRequestEntity, 'id' | 'createdAt'>;
export type OperatorCallbackRecord = Omit<OperatorCallbackEntity, 'id' | 'createdAt'>;

/** operator_requests and operator_callbacks: owned by operator-adapter, read by support. */
@Injectable()
export class OperatorLogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async recordRequest(record: OperatorRequestRecord): Promise<void> {
    await this.recordRequests([record]);
  }

  /** Many exchanges in one statement and one commit (the adapter batches its log writes). */
  async recordRequests(records: OperatorRequestRecord[]): Promise<void> {
    if (records.length > 0) await this.dataSource.manager.insert(OperatorRequestEntity, records);
  }

  /** Returns the callback's id (it names the status check the callback triggers). */
  async recordCallback(record: OperatorCallbackRecord): Promise<string> {
    const result = await this.dataSource.manager.insert(OperatorCallbackEntity, record);
    return String(result.identifiers[0].id);
  }

  requestsFor(transactionId: string): Promise<OperatorRequestEntity[]> {
    return this.dataSource.manager.find(OperatorRequestEntity, { where: { transactionId }, order: { id: 'ASC' } });
  }

  callbacksFor(transactionId: string): Promise<OperatorCallbackEntity[]> {
    return this.dataSource.manager.find(OperatorCallbackEntity, { where: { transactionId }, order: { id: 'ASC' } });
  }
}
