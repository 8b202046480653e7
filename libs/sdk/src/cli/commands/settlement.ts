import type { BalanceTransaction, Settlement, SettlementWallet, Statement } from '../../http/types';
import type { Command } from '../command';
import { fields, rwf, table } from '../output';
import { describeTransaction, integer, limitOf, listed, required, waitForFinal } from './shared';

const describeSettlement = (s: Settlement) =>
  fields([
    ['id', s.id],
    ['status', s.status],
    ['period', `${s.period_start ?? '(start)'} → ${s.period_end}`],
    ['cash ins', s.transaction_count],
    ['gross', rwf(s.gross)],
    ['fees', rwf(s.fees)],
    ['net', rwf(s.net)],
    ['mode', s.mode],
    ['created', s.created_at],
    ['completed', s.completed_at],
  ]);

const describeWallet = (w: SettlementWallet) => fields([['msisdn', w.msisdn], ['network', w.network], ['mode', w.mode], ['updated', w.updated_at]]);

const movementTable = (items: BalanceTransaction[]) =>
  table(
    ['CREATED', 'TYPE', 'NET', 'AVAILABLE', 'PENDING', 'RESERVED', 'SOURCE'],
    items.map((m) => [m.created_at, m.type, rwf(m.net), rwf(m.change.available), rwf(m.change.pending), rwf(m.change.reserved), m.transaction_id ?? m.settlement_id ?? m.adjustment_id ?? '-']),
  );

function describeStatement(s: Statement): string {
  const balances = (label: string, b: Statement['opening_balance']) => [label, `available ${rwf(b.available)}, pending ${rwf(b.pending)}, reserved ${rwf(b.reserved)}, total ${rwf(b.total)}`] as [string, string];
  return [
    fields([['period', `${s.from} → ${s.to}`], ['mode', s.mode], balances('opening', s.opening_balance), balances('closing', s.closing_balance), ['movements', s.totals.movements], ['net', rwf(s.totals.net)]]),
    '',
    movementTable(s.movements),
  ].join('\n');
}

export const settlementCommands: Command[] = [
  {
    name: 'balance transactions',
    summary: 'Movements of the balance, newest first',
    usage: 'momo balance transactions [--type payment|settlement|withdrawal|…] [--since 2026-01-01T00:00:00Z] [--limit 20] [--all]',
    options: { type: { type: 'string' }, since: { type: 'string' }, limit: { type: 'string' }, all: { type: 'boolean' } },
    key: 'any',
    async run({ values, output, client }) {
      const list = client().balanceTransactions.list({ type: values.type as never, created_from: values.since as string | undefined, limit: limitOf(values) });
      const items = await listed(list, values);
      output.result(items, () => movementTable(items));
    },
  },
  {
    name: 'settlements list',
    summary: 'Settlements (pending moved to available), newest first',
    usage: 'momo settlements list [--limit 20] [--all]',
    options: { limit: { type: 'string' }, all: { type: 'boolean' } },
    key: 'any',
    async run({ values, output, client }) {
      const list = client().settlements.list({ limit: limitOf(values) });
      const items = await listed(list, values);
      output.result(items, () =>
        table(['ID', 'STATUS', 'PERIOD END', 'CASH INS', 'GROSS', 'FEES', 'NET'], items.map((s) => [s.id, s.status, s.period_end, String(s.transaction_count), rwf(s.gross), rwf(s.fees), rwf(s.net)])),
      );
    },
  },
  {
    name: 'settlements get',
    summary: 'One settlement; --transactions adds the cash ins it covers',
    usage: 'momo settlements get <id> [--transactions]',
    options: { transactions: { type: 'boolean' } },
    key: 'any',
    async run({ values, positionals, output, client }) {
      if (!positionals[0]) throw new Error('which settlement? usage: momo settlements get <id>');
      const momo = client();
      const settlement = await momo.settlements.get(positionals[0]);
      if (!values.transactions) return output.result(settlement, () => describeSettlement(settlement));
      const transactions = await momo.settlements.transactions(settlement.id, { limit: 100 }).toArray();
      output.result({ ...settlement, transactions }, () =>
        [describeSettlement(settlement), '', table(['ID', 'REFERENCE', 'AMOUNT', 'FEE', 'NET', 'COMPLETED'], transactions.map((t) => [t.id, t.reference, rwf(t.amount), rwf(t.fee), rwf(t.net), t.completed_at]))].join('\n'),
      );
    },
  },
  {
    name: 'statements',
    summary: 'Opening balances, every movement in [from, to), closing balances; --csv for the CSV',
    usage: 'momo statements --from 2026-11-01T00:00:00+02:00 --to 2026-12-01T00:00:00+02:00 [--csv]',
    options: { from: { type: 'string' }, to: { type: 'string' }, csv: { type: 'boolean' } },
    key: 'any',
    async run({ values, output, client }) {
      const range = { from: required(values.from, 'from'), to: required(values.to, 'to') };
      if (values.csv) {
        if (output.json) throw new Error('--csv or --json, not both');
        const csv = await client().statements.csv(range);
        return output.result(csv, () => csv.replace(/\n$/, ''));
      }
      const statement = await client().statements.get(range);
      output.result(statement, () => describeStatement(statement));
    },
  },
  {
    name: 'settlement-wallet get',
    summary: 'The wallet withdrawals go to, in the key’s mode',
    usage: 'momo settlement-wallet get',
    key: 'account',
    async run({ output, client }) {
      const wallet = await client().settlementWallet.get();
      output.result(wallet, () => describeWallet(wallet));
    },
  },
  {
    name: 'settlement-wallet set',
    summary: 'Register (or replace) the wallet withdrawals go to',
    usage: 'momo settlement-wallet set --msisdn 0788123456',
    options: { msisdn: { type: 'string' } },
    key: 'account',
    async run({ values, output, client }) {
      const wallet = await client().settlementWallet.set({ msisdn: required(values.msisdn, 'msisdn') });
      output.result(wallet, () => describeWallet(wallet));
    },
  },
  {
    name: 'withdrawals create',
    summary: 'Send available balance to the settlement wallet',
    usage: 'momo withdrawals create --amount 50000 [--reference R] [--description …] [--idempotency-key K] [--wait]',
    options: { amount: { type: 'string' }, reference: { type: 'string' }, description: { type: 'string' }, 'idempotency-key': { type: 'string' }, wait: { type: 'boolean' } },
    key: 'app',
    async run({ values, output, client }) {
      const momo = client();
      output.progress('… creating the withdrawal');
      let withdrawal = await momo.withdrawals.create(
        {
          amount: integer(values.amount, 'amount'),
          ...(values.reference !== undefined ? { reference: values.reference as string } : {}),
          ...(values.description !== undefined ? { description: values.description as string } : {}),
        },
        { idempotencyKey: values['idempotency-key'] as string | undefined },
      );
      if (values.wait) withdrawal = await waitForFinal(momo, withdrawal.id, (m) => output.progress(m));
      output.result(withdrawal, () => describeTransaction(withdrawal));
    },
  },
];
