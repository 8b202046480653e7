import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LedgerRepository, SettlementsRepository, TransactionEntity, TransactionsRepository } from '@momo/data';
import { collectPending, collectReleased, Mode } from '@momo/domain';

/**
 * A succeeded cash in, posted through the ledger exactly as payments-core posts one (amount - fee
 * to pending balance) and, unless `settled: false`, released to available at once, outside any
 * settlement run (as a refund releases an unsettled payment): the merchant can pay out from it.
 */
export async function seedSucceededPayment(
  dataSource: DataSource,
  owner: { merchantId: string; appId: string },
  options: { amount: number; fee?: number; settled?: boolean; mode?: Mode; msisdn?: string; network?: 'mtn' | 'airtel'; reference?: string },
): Promise<TransactionEntity> {
  const transactions = new TransactionsRepository(dataSource);
  const ledger = new LedgerRepository(dataSource);
  const network = options.network ?? 'mtn';
  return dataSource.transaction(async (em) => {
    const { transaction } = await transactions.insertPending(
      {
        id: randomUUID(),
        merchantId: owner.merchantId,
        appId: owner.appId,
        mode: options.mode ?? 'test',
        direction: 'collect',
        amount: options.amount,
        fee: options.fee ?? 0,
        msisdn: options.msisdn ?? (network === 'mtn' ? '250788123456' : '250728123456'),
        description: 'seeded payment',
        reference: options.reference ?? `seed-${randomUUID().slice(0, 8)}`,
        metadata: {},
        network,
        provider: network === 'mtn' ? 'mtn_momo' : 'airtel_money',
        initiatedBy: 'api',
        reversesPaymentId: null,
      },
      em,
    );
    const settled = await transactions.finalize(transaction.id, { status: 'succeeded', failureCode: null, failureMessage: null, providerRef: `SEED-${transaction.id.slice(0, 8)}` }, em);
    if (!settled) throw new Error('seeded payment did not settle');
    const movement = { merchantId: owner.merchantId, mode: settled.mode, network, amount: settled.amount, fee: settled.fee };
    await ledger.post(em, settled.id, collectPending(movement));
    if (options.settled === false) return settled;
    await new SettlementsRepository(dataSource).stampEarly(em, settled.id);
    await ledger.post(em, settled.id, collectReleased(movement));
    return (await transactions.findById(settled.id, em))!;
  });
}
