import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { NewTransaction, TransactionsRepository } from '@momo/data';
import { computeFee, DEFAULT_FEE_SCHEDULE } from '@momo/domain';

export function newTransaction(owner: { merchantId: string; appId: string }, overrides: Partial<NewTransaction> = {}): NewTransaction {
  const direction = overrides.direction ?? 'collect';
  const amount = overrides.amount ?? 1000;
  return {
    id: randomUUID(),
    merchantId: owner.merchantId,
    appId: owner.appId,
    mode: 'test',
    direction,
    amount,
    fee: computeFee(amount, DEFAULT_FEE_SCHEDULE[direction]),
    msisdn: '250788123456',
    description: 'test',
    reference: 'ref-1',
    metadata: {},
    network: 'mtn',
    provider: 'mtn_momo',
    initiatedBy: 'api',
    reversesPaymentId: null,
    ...overrides,
  };
}

export async function insertTransaction(dataSource: DataSource, t: NewTransaction) {
  return (await new TransactionsRepository(dataSource).insertPending(t)).transaction;
}

/** Makes a transaction `seconds` old, as if created that long ago (for age-dependent rules: re-send windows, stuck alerts). */
export async function ageTransaction(dataSource: DataSource, transactionId: string, seconds: number): Promise<void> {
  await dataSource.query(`UPDATE transactions SET created_at = now() - make_interval(secs => $2) WHERE id = $1`, [transactionId, seconds]);
}
