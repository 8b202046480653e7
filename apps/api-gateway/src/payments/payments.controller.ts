import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { JobIds, SuccessEnvelope, TransactionView } from '@momo/contracts';
import { toTransactionView, TransactionsRepository } from '@momo/data';
import { parseMsisdn } from '@momo/domain';
import { ApiError, JobRpc } from '@momo/platform';
import { ApiGatewayConfig } from '../api-gateway.config';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { transactionOrThrow } from './command-replies';
import { CreatePaymentDto } from './create-payment.dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Controller('v1/payments')
@UseGuards(ApiKeyGuard)
export class PaymentsController {
  constructor(
    private readonly rpc: JobRpc,
    private readonly transactions: TransactionsRepository,
    private readonly config: ApiGatewayConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @RequiresKey('app')
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreatePaymentDto): Promise<SuccessEnvelope<TransactionView>> {
    const wallet = parseMsisdn(body.msisdn);
    if (!wallet.ok) throw ApiError.of('UNSUPPORTED_NETWORK');
    const transactionId = randomUUID();
    const result = await this.rpc.call(
      'create-payment',
      {
        transactionId,
        merchantId: principal.merchantId,
        appId: principal.appId!,
        mode: principal.mode,
        amount: body.amount,
        msisdn: wallet.msisdn,
        network: wallet.network,
        description: body.description ?? '',
        reference: body.reference ?? '',
        metadata: body.metadata ?? {},
        initiatedBy: 'api',
      },
      { jobId: JobIds.createPayment(transactionId), timeoutMs: this.config.COMMAND_WAIT_MS },
    );
    return { success: true, data: transactionOrThrow(result, transactionId) };
  }

  @Get(':id')
  @RequiresKey('app')
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SuccessEnvelope<TransactionView>> {
    const transaction = UUID.test(id) ? await this.transactions.findForApp(id, principal.appId!, principal.mode) : null;
    if (!transaction) throw ApiError.of('NOT_FOUND');
    return { success: true, data: toTransactionView(transaction) };
  }
}
