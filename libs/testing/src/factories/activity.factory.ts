import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { LedgerRepository, SettlementsRepository, TransactionEntity, TransactionsRepository } from '@momo/data';
import { collectPending, collectReleased, computeFee, DEFAULT_FEE_SCHEDULE, payoutReleased, payoutReserved, payoutSettled } from '@momo/domain';
import { newTransaction } from './transaction.factory';

export interface ActivityOptions {
  /** The first simulated day (UTC midnight). */
  start: Date;
  days: number;
  seed: number;
}

/** Deterministic pseudo-random numbers (mulberry32), so a failing month can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A month (or any number of days) of a merchant's activity in test mode, posted through the
 * ledger exactly as payments-core posts it: cash ins that succeed (to pending) or fail, a
 * settlement each day, payouts that succeed or fail, refunds (of settled and unsettled payments),
 * and some still in flight at the end. Each simulated day's journals are dated within that day,
 * so statements over date ranges can be checked. Returns every transaction it made.
 */
export async function generateActivity(dataSource: DataSource, owner: { merchantId: string; appId: string }, options: ActivityOptions): Promise<TransactionEntity[]> {
  const next = random(options.seed);
  const pick = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const transactions = new TransactionsRepository(dataSource);
  const ledger = new LedgerRepository(dataSource);
  const settlements = new SettlementsRepository(dataSource);
  const made: TransactionEntity[] = [];
  const paid: TransactionEntity[] = [];
  const movement = (t: TransactionEntity) => ({ merchantId: t.merchantId, mode: t.mode, network: t.network, amount: t.amount, fee: t.fee });
  const finish = (em: EntityManager, t: TransactionEntity, ok: boolean) =>
    transactions.finalize(t.id, { status: ok ? 'succeeded' : 'failed', failureCode: ok ? null : 'DECLINED', failureMessage: ok ? null : 'declined' }, em);

  for (let day = 0; day < options.days; day++) {
    const dayStart = new Date(options.start.getTime() + day * 86_400_000);
    const [{ last }] = await dataSource.query(`SELECT COALESCE(max(id), 0)::text AS last FROM ledger_journals`);

    for (let i = pick(3, 8); i > 0; i--) {
      const amount = pick(1, 500) * 100;
      const ok = next() < 0.85;
      const t = await dataSource.transaction(async (em) => {
        const { transaction } = await transactions.insertPending(newTransaction(owner, { amount, reference: `day${day}-${randomUUID().slice(0, 6)}` }), em);
        const done = (await finish(em, transaction, ok))!;
        if (ok) await ledger.post(em, done.id, collectPending(movement(done)));
        return done;
      });
      made.push(t);
      if (ok) paid.push(t);
    }

    // Refund a few payments, settled or not (an unsettled one is settled early by its refund).
    for (let i = pick(0, 2); i > 0 && paid.length > 0; i--) {
      const payment = paid.splice(pick(0, paid.length - 1), 1)[0];
      const amount = next() < 0.5 ? payment.amount : Math.max(100, Math.floor(payment.amount / 200) * 100);
      const refund = await dataSource
        .transaction(async (em) => {
          if (await settlements.stampEarly(em, payment.id)) await ledger.post(em, payment.id, collectReleased(movement(payment)));
          const { transaction } = await transactions.insertPending(
            newTransaction(owner, { direction: 'payout', amount, fee: computeFee(amount, DEFAULT_FEE_SCHEDULE.payout), reversesPaymentId: payment.id, msisdn: payment.msisdn }),
            em,
          );
          await ledger.post(em, transaction.id, payoutReserved(movement(transaction)));
          return transaction;
        })
        .catch(() => null); // not enough available balance: refused, nothing committed
      if (refund) made.push(await settle(refund, next() < 0.8));
    }

    // Payouts from what is available, some failing.
    const lastDay = day === options.days - 1;
    for (let i = lastDay ? pick(1, 3) : pick(0, 3); i > 0; i--) {
      const amount = (lastDay ? pick(1, 5) : pick(1, 100)) * 100;
      const payout = await dataSource
        .transaction(async (em) => {
          const { transaction } = await transactions.insertPending(newTransaction(owner, { direction: 'payout', amount }), em);
          await ledger.post(em, transaction.id, payoutReserved(movement(transaction)));
          return transaction;
        })
        .catch(() => null);
      // The last day's payouts stay in flight (reserved).
      if (payout) made.push(lastDay ? payout : await settle(payout, next() < 0.8));
    }

    // The day's settlement run, for what completed before now.
    const periodEnd = new Date();
    const run = await settlements.startRun('test', periodEnd);
    const record = await settlements.openSettlement(run.id, owner.merchantId, 'test', periodEnd);
    await dataSource.transaction(async (em) => {
      const claimed = await settlements.claimChunk(em, { settlementId: record.id, merchantId: owner.merchantId, mode: 'test', periodEnd }, 10_000);
      await ledger.postMany(em, claimed.map((t) => ({ transactionId: t.id, journal: collectReleased(movement(t)) })));
    });
    await settlements.completeSettlement(record.id);
    await settlements.completeRun(run.id);

    // Date the day's journals within the day, in their order.
    await dataSource.query(
      `UPDATE ledger_journals j SET created_at = $2::timestamptz + (r.n * interval '1 minute')
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM ledger_journals WHERE id > $1::bigint) r
        WHERE j.id = r.id`,
      [last, dayStart],
    );
  }
  return made;

  async function settle(t: TransactionEntity, ok: boolean): Promise<TransactionEntity> {
    return dataSource.transaction(async (em) => {
      const done = (await finish(em, t, ok))!;
      await ledger.post(em, done.id, ok ? payoutSettled(movement(done)) : payoutReleased(movement(done)));
      return done;
    });
  }
}
