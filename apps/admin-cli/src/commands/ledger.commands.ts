import { Command, InvalidArgumentError } from 'commander';
import { IsOptional, Matches } from 'class-validator';
import { AdjustmentRefusedError, InsufficientFundsError, LedgerAdjustment, LedgerAdjustmentsRepository } from '@momo/data';
import { AdjustmentCounterparty, MODES, Mode, NETWORKS, Network } from '@momo/domain';
import { loadConfig } from '@momo/platform';
import { MerchantAdminConfig } from '../admin-cli.config';
import { AdminError, output, withAdminSession } from '../admin-session';
import { positiveInteger } from './invariants.command';

/**
 * Who runs a ledger command: an operator identity recorded with every proposal and decision. Set it
 * per person (their login's environment); the database refuses a decision by the proposer.
 */
export class LedgerAdminConfig extends MerchantAdminConfig {
  @IsOptional() @Matches(/^[A-Za-z0-9._@-]{1,64}$/, { message: 'must be 1-64 letters, digits, ., _, @ or -' })
  ADMIN_OPERATOR?: string;
}

function operatorOf(config: LedgerAdminConfig): string {
  if (!config.ADMIN_OPERATOR) throw new AdminError('set ADMIN_OPERATOR to your operator name: adjustments record who proposed and who approved them');
  return config.ADMIN_OPERATOR;
}

/** `ledger adjust …`: two-person ledger adjustments (docs/settlement.md#ledger-adjustments). */
export function ledgerCommands(program: Command): void {
  const adjust = program
    .command('ledger')
    .description('The ledger: two-person adjustments.')
    .command('adjust')
    .description("Adjust a merchant's available balance: one operator proposes, another approves.");

  adjust
    .command('propose')
    .description('Propose an adjustment; nothing moves until another operator approves it.')
    .requiredOption('--merchant <id>', 'merchant id')
    .requiredOption('--mode <mode>', `one of ${MODES.join(', ')}`, oneOf(MODES))
    .requiredOption('--amount <rwf>', 'whole RWF: positive credits the merchant, negative debits it', signedAmount)
    .requiredOption('--counterparty <account>', 'fee_revenue, or operator_float with --network', oneOf(['fee_revenue', 'operator_float'] as const))
    .option('--network <network>', `for operator_float: ${NETWORKS.join(', ')}`, oneOf(NETWORKS))
    .requiredOption('--reason <text>', 'why (10-2000 characters): the ticket, the operator reference')
    .option('--exception <id>', 'the reconciliation exception this settles (resolved when approved)', exceptionId)
    .option('--json', 'print JSON')
    .action(async (options: { merchant: string; mode: Mode; amount: number; counterparty: 'fee_revenue' | 'operator_float'; network?: Network; reason: string; exception?: string; json?: boolean }) => {
      const config = loadConfig(LedgerAdminConfig);
      const by = operatorOf(config);
      const reason = options.reason.trim();
      if (reason.length < 10 || reason.length > 2_000) throw new AdminError('--reason must be 10-2000 characters');
      if ((options.counterparty === 'operator_float') !== (options.network !== undefined)) throw new AdminError('--network is required with operator_float, and only with it');
      if (!/^[0-9a-f-]{36}$/i.test(options.merchant)) throw new AdminError(`"${options.merchant}" is not a merchant id`);
      const counterparty: AdjustmentCounterparty = options.counterparty === 'operator_float' ? { kind: 'operator_float', network: options.network! } : { kind: 'fee_revenue' };
      await withAdminSession(config, async ({ dataSource, merchants }) => {
        if (!(await merchants.findMerchant(options.merchant))) throw new AdminError(`no merchant ${options.merchant}`);
        if (options.exception) {
          const [found] = await dataSource.query(`SELECT resolved_at FROM reconciliation_exceptions WHERE id = $1`, [options.exception]);
          if (!found) throw new AdminError(`no exception ${options.exception}`);
          if (found.resolved_at) throw new AdminError(`exception ${options.exception} is already resolved`);
        }
        const proposed = await new LedgerAdjustmentsRepository(dataSource).propose({ merchantId: options.merchant, mode: options.mode, amount: options.amount, counterparty, reason, exceptionId: options.exception, proposedBy: by });
        output(options.json, view(proposed), [`adjustment ${proposed.id} proposed by ${by}: ${describe(proposed)}; another operator must approve it (ledger adjust approve ${proposed.id})`]);
      });
    });

  adjust
    .command('approve <id>')
    .description('Approve an adjustment proposed by someone else: its journal is posted (and its exception resolved) at once.')
    .option('--note <text>', 'a note with the approval')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { note?: string; json?: boolean }) => {
      const config = loadConfig(LedgerAdminConfig);
      const by = operatorOf(config);
      await withAdminSession(config, async ({ dataSource }) => {
        try {
          const approved = await new LedgerAdjustmentsRepository(dataSource).approve(adjustmentId(id), by, options.note?.trim() || undefined);
          output(options.json, view(approved), [`adjustment ${id} approved by ${by} and posted: ${describe(approved)}`]);
        } catch (error) {
          if (error instanceof AdjustmentRefusedError) throw new AdminError(error.message);
          if (error instanceof InsufficientFundsError) throw new AdminError(`adjustment ${id} would take the merchant's available balance below zero; nothing was posted`);
          throw error;
        }
      });
    });

  adjust
    .command('reject <id>')
    .description('Reject an adjustment proposed by someone else; nothing moves.')
    .requiredOption('--note <text>', 'why')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { note: string; json?: boolean }) => {
      const config = loadConfig(LedgerAdminConfig);
      const by = operatorOf(config);
      await withAdminSession(config, async ({ dataSource }) => {
        try {
          const rejected = await new LedgerAdjustmentsRepository(dataSource).reject(adjustmentId(id), by, options.note.trim());
          output(options.json, view(rejected), [`adjustment ${id} rejected by ${by}`]);
        } catch (error) {
          if (error instanceof AdjustmentRefusedError) throw new AdminError(error.message);
          throw error;
        }
      });
    });

  adjust
    .command('list')
    .description('Adjustments, newest first (open ones unless --all).')
    .option('--all', 'include approved and rejected ones')
    .option('--limit <n>', 'at most this many', positiveInteger, 100)
    .option('--json', 'print JSON')
    .action(async (options: { all?: boolean; limit: number; json?: boolean }) => {
      await withAdminSession(loadConfig(LedgerAdminConfig), async ({ dataSource }) => {
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
