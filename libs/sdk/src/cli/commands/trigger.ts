import { magicNumber } from '@momo/contracts';
import type { Momo } from '../../client';
import type { Transaction } from '../../http/types';
import type { Command } from '../command';
import { describeTransaction, waitForFinal } from './shared';

/** What each trigger does, with the simulator's magic numbers (test mode only). */
const TRIGGERS = {
  'payment.succeeded': { kind: 'payment', msisdn: magicNumber('mtn', 'approve') },
  'payment.failed': { kind: 'payment', msisdn: magicNumber('mtn', 'decline') },
  'payout.succeeded': { kind: 'payout', msisdn: magicNumber('mtn', 'approve') },
  'payout.failed': { kind: 'payout', msisdn: magicNumber('mtn', 'decline') },
} as const;
type Trigger = keyof typeof TRIGGERS;

const AMOUNT = 1000;
/** A payout of AMOUNT costs AMOUNT + fee; a test balance below this is topped up first. */
const FUNDING = 5000;
/** Test mode settles every minute by default; allow a few runs. */
const SETTLEMENT_WAIT_MS = 180_000;

export const triggerCommand: Command = {
  name: 'trigger',
  summary: 'Make a test transaction that ends as the event says, so its webhook fires',
  usage: `momo trigger ${Object.keys(TRIGGERS).join('|')}`,
  key: 'app',
  async run({ positionals, output, client, signal }) {
    const type = positionals[0] as Trigger | undefined;
    if (!type || !(type in TRIGGERS)) throw new Error(`which event? one of ${Object.keys(TRIGGERS).join(', ')}`);
    const momo = client();
    if (momo.http.mode !== 'test') throw new Error('momo trigger makes test transactions only: log in with a test key (sk_test_…)');
    const plan = TRIGGERS[type];
    const progress = (message: string) => output.progress(message);
    const reference = `momo-trigger-${Date.now()}`;
    let transaction: Transaction;
    if (plan.kind === 'payment') {
      progress(`… creating a test payment from ${plan.msisdn}`);
      const created = await momo.payments.create({ amount: AMOUNT, msisdn: plan.msisdn, reference, description: `momo trigger ${type}` });
      transaction = await waitForFinal(momo, created.id, progress, 60_000, signal);
    } else {
      await ensureBalance(momo, progress, signal);
      progress(`… creating a test payout to ${plan.msisdn}`);
      const created = await momo.payouts.create({ amount: AMOUNT, msisdn: plan.msisdn, reference, description: `momo trigger ${type}` });
      transaction = await waitForFinal(momo, created.id, progress, 60_000, signal);
    }
    const event = await findEvent(momo, type, transaction.id);
    output.result({ event_type: type, event_id: event?.id ?? null, transaction }, () =>
      [`Triggered ${type}${event ? `: event ${event.id}` : ''}`, describeTransaction(transaction)].join('\n'),
    );
  },
};

async function ensureBalance(momo: Momo, progress: (message: string) => void, signal: AbortSignal): Promise<void> {
  const needed = FUNDING / 2;
  let balance = await momo.balance.get();
  if (balance.available >= needed) return;
  // A succeeded cash in is pending until a settlement run; fund only if what is pending will not do.
  if (balance.available + balance.pending < needed) {
    progress(`… the test balance is ${balance.available} RWF; funding it with a test payment of ${FUNDING} RWF first`);
    const funding = await momo.payments.create({ amount: FUNDING, msisdn: magicNumber('mtn', 'approve'), reference: `momo-trigger-funding-${Date.now()}`, description: 'momo trigger: funding for a test payout' });
    await waitForFinal(momo, funding.id, progress, 60_000, signal);
  }
  progress('… waiting for the next test-mode settlement run to make it available (every minute by default)');
  const deadline = Date.now() + SETTLEMENT_WAIT_MS;
  while ((balance = await momo.balance.get()).available < needed) {
    if (signal.aborted) throw new Error('stopped');
    if (Date.now() > deadline) throw new Error(`the test balance is still not available after ${SETTLEMENT_WAIT_MS / 1000} s (${balance.pending} RWF pending settlement): try again after the next settlement run`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** The event the transaction's final status wrote (in the same database transaction, so it is there already). */
async function findEvent(momo: Momo, type: string, transactionId: string) {
  for await (const event of momo.events.list({ type, limit: 100 })) if (event.data.id === transactionId) return event;
  return undefined;
}
