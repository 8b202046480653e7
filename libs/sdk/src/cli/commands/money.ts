import type { Command } from '../command';
import { describeTransaction, integer, limitOf, listed, metadata, required, transactionTable, waitForFinal } from './shared';

const moneyOptions = {
  amount: { type: 'string' },
  msisdn: { type: 'string' },
  reference: { type: 'string' },
  description: { type: 'string' },
  metadata: { type: 'string', multiple: true },
  'idempotency-key': { type: 'string' },
  wait: { type: 'boolean' },
} as const;

const moneyBody = (values: Record<string, unknown>) => ({
  amount: integer(values.amount, 'amount'),
  msisdn: required(values.msisdn, 'msisdn'),
  ...(values.reference !== undefined ? { reference: values.reference as string } : {}),
  ...(values.description !== undefined ? { description: values.description as string } : {}),
  ...(metadata(values.metadata) ? { metadata: metadata(values.metadata) } : {}),
});

/** `payments create` and `payouts create`: the same body, one moves money in and the other out. */
function moneyCreateCommand(kind: 'payments' | 'payouts', noun: string, summary: string): Command {
  return {
    name: `${kind} create`,
    summary,
    usage: `momo ${kind} create --amount 1500 --msisdn 0788123456 [--reference order-1] [--description …] [--metadata key=value]… [--idempotency-key K] [--wait]`,
    options: moneyOptions,
    key: 'app',
    async run({ values, output, client }) {
      const momo = client();
      output.progress(`… creating the ${noun}`);
      let transaction = await momo[kind].create(moneyBody(values), { idempotencyKey: values['idempotency-key'] as string | undefined });
      if (values.wait) transaction = await waitForFinal(momo, transaction.id, (m) => output.progress(m));
      output.result(transaction, () => describeTransaction(transaction));
    },
  };
}

export const moneyCommands: Command[] = [
  moneyCreateCommand('payments', 'payment', 'Ask a customer to pay (cash in)'),
  {
    name: 'payments get',
    summary: 'Show one transaction',
    usage: 'momo payments get <id>',
    key: 'app',
    async run({ positionals, output, client }) {
      const id = positionals[0];
      if (!id) throw new Error('which transaction? usage: momo payments get <id>');
      const payment = await client().payments.get(id);
      output.result(payment, () => describeTransaction(payment));
    },
  },
  {
    name: 'payments list',
    summary: "List the app's transactions, newest first",
    usage: 'momo payments list [--status pending|succeeded|failed] [--direction collect|payout] [--reference R] [--msisdn M] [--limit 20] [--all]',
    options: {
      status: { type: 'string' },
      direction: { type: 'string' },
      reference: { type: 'string' },
      msisdn: { type: 'string' },
      limit: { type: 'string' },
      all: { type: 'boolean' },
    },
    key: 'app',
    async run({ values, output, client }) {
      const list = client().payments.list({
        status: values.status as never,
        direction: values.direction as never,
        reference: values.reference as string | undefined,
        msisdn: values.msisdn as string | undefined,
        limit: limitOf(values),
      });
      const items = await listed(list, values);
      output.result(items, () => transactionTable(items));
    },
  },
  moneyCreateCommand('payouts', 'payout', 'Send money to a wallet (cash out)'),
  {
    name: 'refunds create',
    summary: 'Refund a payment (whole, or --amount)',
    usage: 'momo refunds create <payment id> [--amount N] [--reason …] [--idempotency-key K] [--wait]',
    options: { amount: { type: 'string' }, reason: { type: 'string' }, 'idempotency-key': { type: 'string' }, wait: { type: 'boolean' } },
    key: 'app',
    async run({ values, positionals, output, client }) {
      const paymentId = positionals[0];
      if (!paymentId) throw new Error('which payment? usage: momo refunds create <payment id>');
      const momo = client();
      output.progress(`… refunding ${paymentId}`);
      let refund = await momo.refunds.create(
        paymentId,
        {
          ...(values.amount !== undefined ? { amount: integer(values.amount, 'amount') } : {}),
          ...(values.reason !== undefined ? { reason: values.reason as string } : {}),
        },
        { idempotencyKey: values['idempotency-key'] as string | undefined },
      );
      if (values.wait) refund = await waitForFinal(momo, refund.id, (m) => output.progress(m));
      output.result(refund, () => describeTransaction(refund));
    },
  },
];
