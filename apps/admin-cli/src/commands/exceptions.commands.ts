import { Command } from 'commander';
import { ReconciliationExceptionsRepository, ReconciliationExceptionView } from '@momo/data';
import { loadConfig } from '@momo/platform';
import { MerchantAdminConfig } from '../admin-cli.config';
import { AdminError, output, withAdminSession } from '../admin-session';
import { positiveInteger } from './invariants.command';

/** What to do about each kind of exception, by direction (docs/durability.md). */
const WHAT_TO_DO: Record<string, string> = {
  'missed_success/collect': 'the customer paid but the merchant was told failed; the money is in our collection account: refund the customer (or credit the merchant with their agreement)',
  'missed_success/payout': "the wallet received the money but the merchant's hold was released: recover amount + fee from the merchant (or the payee)",
  'phantom_success/collect': 'the merchant was credited for money that never arrived: debit the merchant',
  'phantom_success/payout': 'the merchant was charged for money that never left: credit amount + fee back',
  missing_at_operator: "we recorded a success the operator's report does not list: ask the operator; if the money never moved, the merchant must be corrected with a ledger adjustment",
  missing_here: "the operator's report lists a transaction we have no record of: find out who initiated it under our account; money it moved belongs to no merchant until settled by a ledger adjustment",
  amount_differs: 'the operator moved a different amount than we recorded: settle the difference with the operator or the merchant (ledger adjustment)',
};

/** `exceptions …`: the ops view of operator answers that contradict a final status. */
export function exceptionsCommands(program: Command): void {
  const exceptions = program.command('exceptions').description('Reconciliation exceptions: operator answers that contradict a final status.');

  exceptions
    .command('list')
    .description('List exceptions, newest first (open ones unless --all).')
    .option('--all', 'include resolved ones')
    .option('--limit <n>', 'at most this many', positiveInteger, 100)
    .option('--json', 'print JSON')
    .action(async (options: { all?: boolean; limit: number; json?: boolean }) => {
      await withAdminSession(loadConfig(MerchantAdminConfig), async ({ dataSource }) => {
        const found = await new ReconciliationExceptionsRepository(dataSource).list({ all: options.all, limit: options.limit });
        output(
          options.json,
          found.map(view),
          found.length === 0
            ? [options.all ? 'no exceptions' : 'no open exceptions']
            : found.map((x) => `${x.id.padStart(6)}  ${x.resolvedAt ? 'resolved' : 'OPEN    '}  ${x.kind.padEnd(19)} ${(x.direction ?? '-').padEnd(7)} ${x.transactionId ?? `${x.network} ref ${x.operatorReference}`}  ${x.amount ?? x.reportedAmount} RWF  recorded ${x.recordedStatus ?? 'nothing'}${x.recordedFailureCode ? ` (${x.recordedFailureCode})` : ''}, operator says ${x.reportedStatus ?? (x.kind === 'missing_at_operator' ? 'nothing' : 'pending')}  x${x.occurrences}`),
        );
      });
    });

  exceptions
    .command('show <id>')
    .description('One exception in full, with what to do about it.')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      await withAdminSession(loadConfig(MerchantAdminConfig), async ({ dataSource }) => {
        const found = await new ReconciliationExceptionsRepository(dataSource).find(idArgument(id));
        if (!found) throw new AdminError(`no exception ${id}`);
        const shown = view(found);
        output(options.json, shown, Object.entries(shown).map(([k, v]) => `${k.padEnd(22)} ${v !== null && typeof v === 'object' ? JSON.stringify(v) : (v ?? '-')}`));
      });
    });

  exceptions
    .command('resolve <id>')
    .description('Close an exception with a note of what was done (a refund reference, an adjustment).')
    .requiredOption('--note <text>', 'what was done (1-2000 characters)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { note: string; json?: boolean }) => {
      const note = options.note.trim();
      if (note.length < 1 || note.length > 2_000) throw new AdminError('--note must be 1-2000 characters');
      await withAdminSession(loadConfig(MerchantAdminConfig), async ({ dataSource }) => {
        const repo = new ReconciliationExceptionsRepository(dataSource);
        if (!(await repo.resolve(idArgument(id), note))) {
          throw new AdminError((await repo.find(idArgument(id))) ? `exception ${id} is already resolved` : `no exception ${id}`);
        }
        const resolved = view((await repo.find(idArgument(id)))!);
        output(options.json, resolved, [`exception ${id} resolved`]);
      });
    });
}

function idArgument(value: string): string {
  if (!/^[1-9]\d{0,17}$/.test(value)) throw new AdminError(`"${value}" is not an exception id`);
  return value;
}

function view(x: ReconciliationExceptionView) {
  return {
    id: x.id,
    status: x.resolvedAt ? 'resolved' : 'open',
    kind: x.kind,
    transaction_id: x.transactionId,
    direction: x.direction,
    mode: x.mode,
    merchant_id: x.merchantId,
    network: x.network,
    amount: x.amount,
    fee: x.fee,
    recorded_status: x.recordedStatus,
    recorded_failure_code: x.recordedFailureCode,
    reported_status: x.reportedStatus,
    reported_failure_code: x.reportedFailureCode,
    reported_provider_ref: x.reportedProviderRef,
    found_by: x.source,
    occurrences: x.occurrences,
    first_seen_at: x.firstSeenAt.toISOString(),
    last_seen_at: x.lastSeenAt.toISOString(),
    resolved_at: x.resolvedAt?.toISOString() ?? null,
    resolution: x.resolution,
    operator_reference: x.operatorReference,
    reported_amount: x.reportedAmount,
    report_id: x.reportId,
    dossier: x.dossier,
    what_to_do: WHAT_TO_DO[`${x.kind}/${x.direction}`] ?? WHAT_TO_DO[x.kind],
  };
}
