import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { metricsRegistry, PeriodicSchedule, PeriodicTask } from '@momo/platform';
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
export class OperatorBalanceMonitor extends PeriodicTask {
  protected readonly failureMessage = 'reading the operator balances failed; retrying next round';

  constructor(
    private readonly operators: OperatorRegistry,
    private readonly config: OperatorAdapterConfig,
  ) {
    super();
  }

  protected schedule(): PeriodicSchedule {
    return { everyMs: this.config.OPERATOR_BALANCE_POLL_MS };
  }

  /** Each operator on its own: one that does not answer does not hide the others' balances. */
  protected async tick(): Promise<void> {
    for (const { network, mode, connector } of this.operators.configured()) {
      try {
        for (const balance of await connector.balances()) balanceGauge.set({ network, mode, account: balance.account }, balance.available);
      } catch (error) {
        this.logger.warn({ network, mode, err: (error as Error).message }, 'could not read the operator balance');
      }
    }
  }
}
