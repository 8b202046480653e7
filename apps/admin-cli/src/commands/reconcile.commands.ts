import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { OperatorReportsRepository, ReportRejectedError } from '@momo/data';
import { MODES, Mode, NETWORKS, Network } from '@momo/domain';
import { loadConfig } from '@momo/platform';
import { AdminError, output, withAdminSession } from '../admin-session';
import { OperatorActionConfig } from '../admin-cli.config';
import { audited, AuthenticatedOperator, OperatorOptions, readOperatorPassword, withOperatorOptions } from '../operator-identity';

const IMPORT = 'import operator report';

/** `reconcile operator-report`: operator statement reconciliation (docs/settlement.md). */
export function reconcileCommands(program: Command): void {
  const reconcile = program.command('reconcile').description("Reconcile our records with an operator's.");
  withOperatorOptions(reconcile.command('operator-report'))
    .description("Import an operator's statement report (CSV in its layout) and raise a reconciliation exception for every mismatch.")
    .requiredOption('--network <network>', NETWORKS.join(' or '), oneOf(NETWORKS))
    .requiredOption('--mode <mode>', MODES.join(' or '), oneOf(MODES))
    .requiredOption('--from <iso>', 'start of the period the report covers (ISO 8601)', instant)
    .requiredOption('--to <iso>', 'end of the period, exclusive', instant)
    .requiredOption('--file <path>', 'the report file')
    .option('--json', 'print JSON')
    .action(async (options: OperatorOptions & { network: Network; mode: Mode; from: Date; to: Date; file: string; json?: boolean }) => {
      const config = loadConfig(OperatorActionConfig);
      if (options.to <= options.from) throw new AdminError('--to must be after --from');
      let text: string;
      try {
        text = readFileSync(options.file, 'utf8');
      } catch (error) {
        throw new AdminError(`cannot read ${options.file}: ${(error as Error).message}`);
      }
      const password = await readOperatorPassword(options);
      const fileName = basename(options.file);
      await withAdminSession(config, async ({ dataSource }) => {
        const by = await AuthenticatedOperator.signIn(dataSource, config, options, password, IMPORT, fileName);
        const request = { network: options.network, mode: options.mode, from: options.from.toISOString(), to: options.to.toISOString(), file: fileName };
        const summary = await audited(by, IMPORT, fileName, request, async () => {
          try {
            const imported = await new OperatorReportsRepository(dataSource).import({ network: options.network, mode: options.mode, from: options.from, to: options.to, fileName, text, importedBy: by.recordedAs });
            return { result: imported, target: `operator report ${imported.reportId}`, details: { duplicate: imported.duplicate, lines: imported.lines, newExceptions: imported.newExceptions } };
          } catch (error) {
            if (error instanceof ReportRejectedError) throw new AdminError(error.message);
            throw error;
          }
        });
        const mismatches = Object.entries(summary.mismatches).map(([kind, n]) => `${kind}: ${n}`).join(', ') || 'none';
        output(options.json, summary, [
          summary.duplicate ? `report ${summary.reportId}: this file was imported before; nothing changed` : `report ${summary.reportId} imported by ${by.recordedAs}`,
          `${summary.lines} lines, ${summary.matched} matched, ${summary.inFlight} still in flight on one side`,
          `mismatches: ${mismatches}; ${summary.newExceptions} new exception(s) (exceptions list)`,
        ]);
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
