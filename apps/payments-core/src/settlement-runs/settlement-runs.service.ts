import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LedgerRepository, SettlementRecord, SettlementsRepository } from '@momo/data';
import { collectReleased, Mode, settlementPeriodEnd } from '@momo/domain';
import { PaymentsCoreConfig } from '../payments-core.config';
import { movementOf } from '../settlement/settlement.service';
import { lastSettlementRun, settledCashIns, settlementRunsCompleted } from './settlement-runs.metrics';

export interface RunOutcome {
  mode: Mode;
  periodEnd: Date;
  /** True when an earlier attempt had already completed this period's run. */
  alreadyCompleted: boolean;
  settlements: SettlementRecord[];
}

/** Test hook: called after each committed chunk (a test raises here to crash a run midway). */
export type ChunkObserver = (settlementId: string, settled: number) => void | Promise<void>;

/**
 * Settlement runs (docs/settlement.md): move the net of succeeded cash ins from pending to
 * available and stamp `settled_at`, one settlement record per merchant and period.
 *
 * Safe to repeat, to resume and to run twice at once: the period end is a function of the
 * schedule and the clock, so every attempt in a period is the same run and the same
 * settlements; each chunk stamps its cash ins and posts their release journals in one Postgres
 * transaction, claiming only rows still unsettled after their lock; the journals are unique per
 * cash in; and a settlement's totals are recomputed from what it covers when it completes.
 */
@Injectable()
export class SettlementRuns {
  private readonly logger = new Logger(SettlementRuns.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settlements: SettlementsRepository,
    private readonly ledger: LedgerRepository,
    private readonly config: PaymentsCoreConfig,
  ) {}

  /** Settles everything due in `mode` at `now`. */
  async runDue(mode: Mode, now = new Date(), observe?: ChunkObserver): Promise<RunOutcome> {
    return this.runPeriod(mode, settlementPeriodEnd(this.config.settlementSchedules[mode], now), observe);
  }

  async runPeriod(mode: Mode, periodEnd: Date, observe?: ChunkObserver): Promise<RunOutcome> {
    const run = await this.settlements.startRun(mode, periodEnd);
    if (run.completed) return { mode, periodEnd, alreadyCompleted: true, settlements: [] };
    const done: SettlementRecord[] = [];
    for (const merchantId of await this.settlements.merchantsWithUnsettled(mode, periodEnd)) {
      const settlement = await this.settlements.openSettlement(run.id, merchantId, mode, periodEnd);
      for (;;) {
        const settled = await this.settleChunk({ settlementId: settlement.id, merchantId, mode, periodEnd });
        if (settled === 0) break;
        await observe?.(settlement.id, settled);
      }
      const completed = await this.settlements.completeSettlement(settlement.id);
      this.logger.log(
        { settlementId: completed.id, merchantId, mode, periodEnd, count: completed.transactionCount, net: completed.net },
        'settlement completed',
      );
      done.push(completed);
    }
    await this.settlements.completeRun(run.id);
    settlementRunsCompleted.inc({ mode });
    lastSettlementRun.set({ mode }, Date.now() / 1000);
    return { mode, periodEnd, alreadyCompleted: false, settlements: done };
  }

  private async settleChunk(scope: { settlementId: string; merchantId: string; mode: Mode; periodEnd: Date }): Promise<number> {
    const settled = await this.dataSource.transaction(async (em) => {
      const claimed = await this.settlements.claimChunk(em, scope, this.config.SETTLEMENT_CHUNK_SIZE);
      await this.ledger.postMany(em, claimed.map((t) => ({ transactionId: t.id, journal: collectReleased(movementOf(t)) })));
      return claimed.length;
    });
    settledCashIns.inc({ mode: scope.mode }, settled);
    return settled;
  }
}
