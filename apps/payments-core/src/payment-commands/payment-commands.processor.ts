import { Processor } from '@nestjs/bullmq';
import { QueueName } from '@momo/contracts';
import { JobHandlers, JobHandlerHost } from '@momo/platform';
import { PaymentsCoreConfig } from '../payments-core.config';
import { PayoutsService } from '../payouts/payouts.service';
import { PaymentsService } from '../payments/payments.service';

/** Commands from the gateway; the return value is the reply the gateway is waiting for. */
@Processor(QueueName.PaymentCommands)
export class PaymentCommandsProcessor extends JobHandlerHost<typeof QueueName.PaymentCommands> {
  protected readonly queue = QueueName.PaymentCommands;
  protected readonly handlers: JobHandlers<typeof QueueName.PaymentCommands> = {
    'create-payment': (command) => this.payments.createPayment(command),
    'create-payout': (command) => this.payouts.createPayout(command),
    'create-refund': (command) => this.payouts.createRefund(command),
  };

  constructor(
    private readonly payments: PaymentsService,
    private readonly payouts: PayoutsService,
    config: PaymentsCoreConfig,
  ) {
    super();
    this.concurrency = config.COMMAND_CONCURRENCY;
  }
}
