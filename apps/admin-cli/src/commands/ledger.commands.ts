import { Command, InvalidArgumentError } from 'commander';
import { AdjustmentRefusedError, InsufficientFundsError, LedgerAdjustment, LedgerAdjustmentsRepository } from '@momo/data';
import { AdjustmentCounterparty, MODES, Mode, NETWORKS, Network } from '@momo/domain';
import { loadConfig } from '@momo/platform';
import { MerchantAdminConfig, OperatorActionConfig } from '../admin-cli.config';
import { AdminError, output, withAdminSession } from '../admin-session';
import { audited, AuthenticatedOperator, OperatorOptions, readOperatorPassword, withOperatorOptions } from '../operator-identity';
import { positiveInteger } from './invariants.command';

/** How the money commands show in the console's audit log. */
const PROPOSE = 'propose ledger adjustment';
const APPROVE = 'approve ledger adjustment';
const REJECT = 'reject ledger adjustment';

/**
 * `ledger adjust …`: two-person ledger adjustments (docs/settlement.md#ledger-adjustments). Each
 * decision is made by an authenticated console account (operator role); proposer and approver are
 * recorded as those accounts, so the database's "approver ≠ proposer" rule means two people.
 */
export function ledgerCommands(program: Command): void {
  const adjust = program
    .command('ledger')
    .description('The ledger: two-person adjustments.')
    .command('adjust')
    .description("Adjust a merchant's available balance: one operator proposes, another approves.");

  withOperatorOptions(adjust.command('propose'))
    .description('Propose an adjustment; nothing moves until another operator approves it.')
    .requiredOption('--merchant <id>', 'merchant id')
    .requiredOption('--mode <mode>', `one of ${MODES.join(', ')}`, oneOf(MODES))
    .requiredOption('--amount <rwf>', 'whole RWF: positive credits the merchant, negative debits it', signedAmount)
    .requiredOption('--counterparty <account>', 'fee_revenue, or operator_float with --network', oneOf(['fee_revenue', 'operator_float'] as const))
    .option('--network <network>', `for operator_float: ${NETWORKS.join(', ')}`, oneOf(NETWORKS))
    .requiredOption('--reason <text>', 'why (10-2000 characters): the ticket, the operator reference')
    .option('--exception <id>', 'the reconciliation exception this settles (resolved when approved)', exceptionId)
    .option('--json', 'print JSON')
    .action(async (options: OperatorOptions & { merchant: string; mode: Mode; amount: number; counterparty: 'fee_revenue' | 'operator_float'; network?: Network; reason: string; exception?: string; json?: boolean }) => {
      const config = loadConfig(OperatorActionConfig);
      const reason = options.reason.trim();
      if (reason.length < 10 || reason.length > 2_000) throw new AdminError('--reason must be 10-2000 characters');
      if ((options.counterparty === 'operator_float') !== (options.network !== undefined)) throw new AdminError('--network is required with operator_float, and only with it');
      if (!/^[0-9a-f-]{36}$/i.test(options.merchant)) throw new AdminError(`"${options.merchant}" is not a merchant id`);
      const counterparty: AdjustmentCounterparty = options.counterparty === 'operator_float' ? { kind: 'operator_float', network: options.network! } : { kind: 'fee_revenue' };
      const password = await readOperatorPassword(options);
      await withAdminSession(config, async ({ dataSource, merchants }) => {
        const by = await AuthenticatedOperator.signIn(dataSource, config, options, password, PROPOSE, `merchant ${options.merchant}`);
        const request = { merchant: options.merchant, mode: options.mode, amount: options.amount, counterparty: options.counterparty, network: options.network ?? null, exception: options.exception ?? null, justification: reason };
        const proposed = await audited(by, PROPOSE, `merchant ${options.merchant}`, request, async () => {
          if (!(await merchants.findMerchant(options.merchant))) throw new AdminError(`no merchant ${options.merchant}`);
          if (options.exception) {
            const [found] = await dataSource.query(`SELECT resolved_at FROM reconciliation_exceptions WHERE id = $1`, [options.exception]);
            if (!found) throw new AdminError(`no exception ${options.exception}`);
            if (found.resolved_at) throw new AdminError(`exception ${options.exception} is already resolved`);
          }
          const created = await new LedgerAdjustmentsRepository(dataSource).propose({ merchantId: options.merchant, mode: options.mode, amount: options.amount, counterparty, reason, exceptionId: options.exception, proposedBy: by.recordedAs });
          return { result: created, target: `adjustment ${created.id}` };
        });
        output(options.json, view(proposed), [`adjustment ${proposed.id} proposed by ${by.recordedAs}: ${describe(proposed)}; another operator must approve it (ledger adjust approve ${proposed.id})`]);
      });
    });

  withOperatorOptions(adjust.command('approve <id>'))
    .description('Approve an adjustment proposed by someone else: its journal is posted (and its exception resolved) at once.')
    .option('--note <text>', 'a note with the approval')
    .option('--json', 'print JSON')
    .action(async (id: string, options: OperatorOptions & { note?: string; json?: boolean }) => {
      const config = loadConfig(OperatorActionConfig);
      adjustmentId(id);
      const password = await readOperatorPassword(options);
      await withAdminSession(config, async ({ dataSource }) => {
        const by = await AuthenticatedOperator.signIn(dataSource, config, options, password, APPROVE, `adjustment ${id}`);
        const approved = await audited(by, APPROVE, `adjustment ${id}`, { note: options.note?.trim() || null }, async () => {
          try {
            const decided = await new LedgerAdjustmentsRepository(dataSource).approve(id, by.recordedAs, options.note?.trim() || undefined);
            return { result: decided, details: { merchant: decided.merchantId, mode: decided.mode, amount: decided.amount, proposed_by: decided.proposedBy } };
          } catch (error) {
            if (error instanceof AdjustmentRefusedError) throw new AdminError(error.message);
            if (error instanceof InsufficientFundsError) throw new AdminError(`adjustment ${id} would take the merchant's available balance below zero; nothing was posted`);
            throw error;
          }
        });
        output(options.json, view(approved), [`adjustment ${id} approved by ${by.recordedAs} and posted: ${describe(approved)}`]);
      });
    });

  withOperatorOptions(adjust.command('reject <id>'))
    .description('Reject an adjustment proposed by someone else; nothing moves.')
    .requiredOption('--note <text>', 'why')
    .option('--json', 'print JSON')
    .action(async (id: string, options: OperatorOptions & { note: string; json?: boolean }) => {
      const config = loadConfig(OperatorActionConfig);
      adjustmentId(id);
      const password = await readOperatorPassword(options);
      await withAdminSession(config, async ({ dataSource }) => {
        const by = await AuthenticatedOperator.signIn(dataSource, config, options, password, REJECT, `adjustment ${id}`);
        const rejected = await audited(by, REJECT, `adjustment ${id}`, { note: options.note.trim() }, async () => {
          try {
            const decided = await new LedgerAdjustmentsRepository(dataSource).reject(id, by.recordedAs, options.note.trim());
            return { result: decided, details: { merchant: decided.merchantId, mode: decided.mode, amount: decided.amount, proposed_by: decided.proposedBy } };
          } catch (error) {
            if (error instanceof AdjustmentRefusedError) throw new AdminError(error.message);
            throw error;
          }
        });
        output(options.json, view(rejected), [`adjustment ${id} rejected by ${by.recordedAs}`]);
      });
    });

  adjust
    .command('list')
    .description('Adjustments, newest first (open ones unless --all).')
    .option('--all', 'include approved and rejected ones')
    .option('--limit <n>', 'at most this many', positiveInteger, 100)
    .option('--json', 'print JSON')
    .action(async (options: { all?: boolean; limit: number; json?: boolean }) => {
      await withAdminSession(loadConfig(MerchantAdminConfig), async ({ dataSource }) => {
        const found = await new LedgerAdjustmentsRepository(dataSource).list(options);
        output(options.json, found.map(view), found.length === 0 ? ['no adjustments'] : found.map((a) => `${a.id.padStart(6)}  ${a.status.padEnd(8)}  ${describe(a)}  proposed by ${a.proposedBy}${a.decidedBy ? `, ${a.status} by ${a.decidedBy}` : ''}`));
      });
    });
}

function describe(a: LedgerAdjustment): string {
  const other = a.counterparty.kind === 'operator_float' ? `operator_float ${a.counterparty.network}` : 'fee_revenue';
  return `${a.amount > 0 ? 'credit' : 'debit'} ${Math.abs(a.amount)} RWF ${a.amount > 0 ? 'to' : 'from'} merchant ${a.merchantId} (${a.mode}) against ${other}${a.exceptionId ? `, settling exception ${a.exceptionId}` : ''}: ${a.reason}`;
}

function view(a: LedgerAdjustment) {
  return {
    id: a.id,
    status: a.status,
    merchant_id: a.merchantId,
    mode: a.mode,
    amount: a.amount,
    counterparty: a.counterparty.kind,
    network: a.counterparty.kind === 'operator_float' ? a.counterparty.network : null,
    reason: a.reason,
    exception_id: a.exceptionId,
    proposed_by: a.proposedBy,
    proposed_at: a.proposedAt.toISOString(),
    decided_by: a.decidedBy,
    decided_at: a.decidedAt?.toISOString() ?? null,
    decision_note: a.decisionNote,
  };
}

function oneOf<T extends string>(values: readonly T[]) {
  return (value: string): T => {
    if (!(values as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${values.join(', ')}`);
    return value as T;
  };
}

function signedAmount(value: string): number {
  const n = Number(value);
  if (!/^-?[1-9]\d{0,11}$/.test(value) || !Number.isSafeInteger(n)) throw new InvalidArgumentError('must be a whole, non-zero number of RWF (negative debits the merchant)');
  return n;
}

function exceptionId(value: string): string {
  if (!/^[1-9]\d{0,17}$/.test(value)) throw new InvalidArgumentError('must be an exception id');
  return value;
}

function adjustmentId(value: string): string {
  if (!/^[1-9]\d{0,17}$/.test(value)) throw new AdminError(`"${value}" is not an adjustment id`);
  return value;
}
