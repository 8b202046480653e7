import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { FeeSchedulesRepository } from '@momo/data';
import { computeFee, DEFAULT_FEE_SCHEDULE, Direction, FeeSchedule } from '@momo/domain';
import { MicroBatcher } from '@momo/platform';

/**
 * The fee for a payout or refund: the merchant's negotiated schedule, or the documented defaults.
 * Read fresh for every transaction (a schedule changed by admin-cli applies to the next one), in
 * one statement for all the payouts being created at the same moment. Cash-ins are priced by the
 * statement that inserts them (TransactionsRepository.insertPendingMany), with the same rule.
 */
@Injectable()
export class FeeSchedules {
  private readonly reads: MicroBatcher<string, FeeSchedule | null>;

  constructor(private readonly merchants: FeeSchedulesRepository) {
    this.reads = new MicroBatcher(
      async (merchantIds) => {
        const schedules = await merchants.feeSchedulesOf([...new Set(merchantIds)]);
        return merchantIds.map((id) => schedules.get(id) ?? null);
      },
      { maxBatch: 500, maxConcurrentFlushes: 2, gatherTurn: true },
    );
  }

  /** Inside a caller's transaction, pass its manager: a second pooled connection could deadlock a small pool. */
  async feeFor(merchantId: string, direction: Direction, amount: number, em?: EntityManager): Promise<number> {
    const schedule = em ? await this.merchants.feeScheduleOf(merchantId, em) : await this.reads.submit(merchantId);
    const rule = schedule?.[direction] ?? DEFAULT_FEE_SCHEDULE[direction];
    return computeFee(amount, rule);
  }
}
