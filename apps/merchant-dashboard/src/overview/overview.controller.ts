import { Controller, Get } from '@nestjs/common';
import type { DashboardOk, OverviewView } from '@momo/contracts';
import { DashboardReadsRepository, BalanceTransactionsRepository } from '@momo/data';
import { Dashboard, DashboardContext, modeOf } from '../auth/dashboard-context';
import { MerchantDashboardConfig } from '../merchant-dashboard.config';

const DAYS = 14;

@Controller('dashboard-api/:mode/overview')
export class OverviewController {
  constructor(
    private readonly reads: DashboardReadsRepository,
    private readonly ledger: BalanceTransactionsRepository,
    private readonly config: MerchantDashboardConfig,
  ) {}

  /** Balance (as GET /v1/balance), 14 days of volume by network and direction, and what needs attention. */
  @Get()
  async get(@Dashboard() context: DashboardContext): Promise<DashboardOk<OverviewView>> {
    const mode = modeOf(context);
    const since = new Date();
    since.setUTCHours(0, 0, 0, 0);
    since.setUTCDate(since.getUTCDate() - (DAYS - 1));
    const minutes = this.config.ATTENTION_PENDING_MINUTES;
    const [balance, days, attention] = await Promise.all([
      this.ledger.merchantBalance(context.merchant.id, mode),
      this.reads.dailyVolumes(context.merchant.id, mode, since),
      this.reads.attention(context.merchant.id, mode, new Date(Date.now() - minutes * 60_000)),
    ]);
    return {
      success: true,
      data: {
        mode,
        balance: { available: balance.available, pending: balance.pending, reserved: balance.reserved, currency: 'RWF', mode },
        days,
        attention: { ...attention, pending_minutes: minutes },
      },
    };
  }
}
