import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { OperatorReportsRepository, ReportRejectedError } from '@momo/data';
import { MODES, Mode, NETWORKS, Network } from '@momo/domain';
import { loadConfig } from '@momo/platform';
import { AdminError, output, withAdminSession } from '../admin-session';
import { LedgerAdminConfig } from './ledger.commands';

/** `reconcile operator-report`: operator statement reconciliation (docs/settlement.md). */
export function reconcileCommands(program: Command): void {
  program
    .command('reconcile')
    .description("Reconcile our records with an operator's.")
    .command('operator-report')
    .description("Import an operator's statement report (CSV in its layout) and raise a reconciliation exception for every mismatch.")
    .requiredOption('--network <network>', NETWORKS.join(' or '), oneOf(NETWORKS))
    .requiredOption('--mode <mode>', MODES.join(' or '), oneOf(MODES))
    .requiredOption('--from <iso>', 'start of the period the report covers (ISO 8601)', instant)
    .requiredOption('--to <iso>', 'end of the period, exclusive', instant)
    .requiredOption('--file <path>', 'the report file')
    .option('--json', 'print JSON')
    .action(async (options: { network: Network; mode: Mode; from: Date; to: Date; file: string; json?: boolean }) => {
      const config = loadConfig(LedgerAdminConfig);
      if (!config.ADMIN_OPERATOR) throw new AdminError('set ADMIN_OPERATOR to your operator name: imports record who made them');
      if (options.to <= options.from) throw new AdminError('--to must be after --from');
      let text: string;
      try {
        text = readFileSync(options.file, 'utf8');
      } catch (error) {
        throw new AdminError(`cannot read ${options.file}: ${(error as Error).message}`);
      }
      await withAdminSession(config, async ({ dataSource }) => {
        try {
          const summary = await new OperatorReportsRepository(dataSource).import({ ...options, fileName: basename(options.file), text, importedBy: config.ADMIN_OPERATOR! });
          const mismatches = Object.entries(summary.mismatches).map(([kind, n]) => `${kind}: ${n}`).join(', ') || 'none';
          output(options.json, summary, [
            summary.duplicate ? `report ${summary.reportId}: this file was imported before; nothing changed` : `report ${summary.reportId} imported`,
            `${summary.lines} lines, ${summary.matched} matched, ${summary.inFlight} still in flight on one side`,
            `mismatches: ${mismatches}; ${summary.newExceptions} new exception(s) (exceptions list)`,
          ]);
        } catch (error) {
          if (error instanceof ReportRejectedError) throw new AdminError(error.message);
          throw error;
        }
      });
    });
}

function oneOf<T extends string>(values: readonly T[]) {
  return (value: string): T => {
    if (!(values as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${values.join(', ')}`);
    return value as T;
  };
}

function instant(value: string): Date {
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at.getTime())) throw new InvalidArgumentError('must be an ISO 8601 timestamp, e.g. 2026-03-01T00:00:00+02:00');
  return at;
}
