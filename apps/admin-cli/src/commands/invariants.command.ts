import { Command, InvalidArgumentError } from 'commander';
import { IsInt, Max, Min } from 'class-validator';
import { InvariantBounds, InvariantCheckpointsRepository, InvariantResult, InvariantsRepository } from '@momo/data';
import { DEFAULT_DEADLINE_SECONDS } from '@momo/domain';
import { loadConfig } from '@momo/platform';
import { MerchantAdminConfig } from '../admin-cli.config';
import { output, withAdminSession } from '../admin-session';

/** The bounds the invariants are checked against: the same settings, and defaults, as the reconciler's. */
export class InvariantsCliConfig extends MerchantAdminConfig {
  @IsInt() @Min(10) @Max(30 * 86_400)
  COLLECT_DEADLINE_SECONDS: number = DEFAULT_DEADLINE_SECONDS.collect;

  @IsInt() @Min(10) @Max(30 * 86_400)
  PAYOUT_DEADLINE_SECONDS: number = DEFAULT_DEADLINE_SECONDS.payout;

  @IsInt() @Min(0) @Max(86_400)
  DEADLINE_GRACE_SECONDS: number = 300;

  @IsInt() @Min(1) @Max(86_400)
  OUTBOX_BOUND_SECONDS: number = 300;

  @IsInt() @Min(0) @Max(3_600)
  INVARIANT_WINDOW_LAG_SECONDS: number = 60;
}

/** Exit status when the check ran and found violations (1 means it could not run). */
export const VIOLATIONS_EXIT_CODE = 2;

/**
 * `invariants`: checks every money invariant over all history now (docs/durability.md), for people
 * and cron jobs. With --record the result also becomes the reconciler's record (the metric and the
 * console), replacing what its incremental rounds found, and their running totals start afresh.
 */
export function invariantsCommand(program: Command): void {
  program
    .command('invariants')
    .description(`Check the money invariants over all history; exit status ${VIOLATIONS_EXIT_CODE} if any is broken.`)
    .option('--samples <n>', 'offending rows listed per broken invariant', positiveInteger, 10)
    .option('--record', "record the result as the reconciler's (metric and console) and restart its incremental checks from it")
    .option('--json', 'print JSON')
    .action(async (options: { samples: number; record?: boolean; json?: boolean }) => {
      const config = loadConfig(InvariantsCliConfig);
      await withAdminSession(config, async ({ dataSource }) => {
        const bounds: InvariantBounds = {
          deadlines: { collect: config.COLLECT_DEADLINE_SECONDS, payout: config.PAYOUT_DEADLINE_SECONDS },
          deadlineGraceSeconds: config.DEADLINE_GRACE_SECONDS,
          outboxBoundSeconds: config.OUTBOX_BOUND_SECONDS,
          samples: options.samples,
        };
        const results = options.record ? await recordFullCheck(dataSource, bounds, config.INVARIANT_WINDOW_LAG_SECONDS) : await new InvariantsRepository(dataSource).check(bounds);
        const broken = results.filter((r) => r.violations > 0);
        output(options.json, { ok: broken.length === 0, invariants: results }, [
          ...results.flatMap((r) => [
            `${r.violations === 0 ? 'ok    ' : 'BROKEN'}  ${r.name.padEnd(30)} ${r.violations === 0 ? r.description : `${r.violations} violation(s): ${r.description}`}`,
            ...r.samples.map((sample) => `          - ${sample}`),
          ]),
          broken.length === 0 ? 'all invariants hold' : `${broken.length} invariant(s) broken`,
        ]);
        if (broken.length > 0) process.exitCode = VIOLATIONS_EXIT_CODE;
      });
    });
}

async function recordFullCheck(dataSource: ConstructorParameters<typeof InvariantsRepository>[0], bounds: InvariantBounds, lagSeconds: number): Promise<InvariantResult[]> {
  const round = await new InvariantCheckpointsRepository(dataSource).checkAllAndRecord(bounds, lagSeconds);
  if (!round) throw new Error('the reconciler is checking the invariants right now; try again in a minute');
  return round.results;
}

export function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
}
