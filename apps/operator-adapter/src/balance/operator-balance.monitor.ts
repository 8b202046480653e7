import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { metricsRegistry } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { OperatorRegistry } from '../operators/operator-registry';

const balanceGauge = new Gauge({
  name: 'momo_operator_account_balance',
  help: 'Our account balances at each operator (RWF), as the operator reports them: alert before payouts run dry.',
  labelNames: ['network', 'mode', 'account'],
  registers: [metricsRegistry],
});

/** Reads our float at every configured operator on a timer (MTN account/balance, Airtel users/balance). */
@Injectable()
export class OperatorBalanceMonitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OperatorBalanceMonitor.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly operators: OperatorRegistry,
    private readonly config: OperatorAdapterConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.OPERATOR_BALANCE_POLL_MS > 0) this.timer = setInterval(() => void this.poll(), this.config.OPERATOR_BALANCE_POLL_MS);
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async poll(): Promise<void> {
    for (const { network, mode, connector } of this.operators.configured()) {
      try {
        for (const balance of await connector.balances()) balanceGauge.set({ network, mode, account: balance.account }, balance.available);
      } catch (error) {
        this.logger.warn({ network, mode, err: (error as Error).message }, 'could not read the operator balance');
      }
    }
  }
}
