import { Body, Controller, Get, Headers, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ListEnvelope, SuccessEnvelope, toTransactionView, TransactionView } from '@momo/contracts';
import { TransactionReadsRepository } from '@momo/data';
import { parseMsisdn } from '@momo/domain';
import { ApiError } from '@momo/platform';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { decodeCursor, IdempotentRequests, isUuid, paginate, TransactionCommands } from '@momo/money-requests';
import { ApiAuthenticated, ApiErrors, ApiIdempotent, ApiSuccess, REPLAY_HEADER_DOC } from '../openapi/decorators';
import { TransactionEnvelope, TransactionListEnvelope } from '../openapi/schemas';
import { CreatePaymentDto } from './create-payment.dto';
import { ListPaymentsQuery } from './list-payments.query';
import { RefundDto } from './refund.dto';
import { moneyMovementCommand, wallet } from './wallet';

@ApiTags('payments')
@Controller('v1/payments')
@UseGuards(ApiKeyGuard)
@RequiresKey('app')
@ApiAuthenticated()
export class PaymentsController {
  constructor(
    private readonly commands: TransactionCommands,
    private readonly idempotency: IdempotentRequests,
    private readonly transactions: TransactionReadsRepository,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a cash in', description: "Sends a payment prompt to the customer's wallet. 201 with the pending transaction; the final status arrives by webhook or polling." })
  @ApiSuccess(201, TransactionEnvelope, 'The transaction, usually pending.', REPLAY_HEADER_DOC)
  @ApiIdempotent()
  @ApiErrors(429, 502, 503)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreatePaymentDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    // payments-core claims the key and stores the answer in its own commits (CreateCashInCommand).
    return this.idempotency.runDelegated(reply, { scopeId: principal.keyId, idempotencyKey, operation: 'POST /v1/payments', body }, (attempt, claim) =>
      this.commands.sendCashIn(attempt, claim, moneyMovementCommand(principal, attempt, body)),
    );
  }

  @Get()
  @ApiOperation({ summary: "List the app's transactions", description: 'Newest first, in pages; filters combine. `status=pending` lists everything still unresolved (for reconciliation).' })
  @ApiSuccess(200, TransactionListEnvelope, 'One page of transactions.')
  @ApiErrors(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListPaymentsQuery): Promise<ListEnvelope<TransactionView>> {
    const limit = query.limit ?? 20;
    const rows = await this.transactions.list(
      {
        appId: principal.appId!,
        mode: principal.mode,
        status: query.status,
        direction: query.direction,
        reference: query.reference,
        msisdn: query.msisdn === undefined ? undefined : wallet(query.msisdn).msisdn,
        createdFrom: instant(query.created_from, 'created_from'),
        createdTo: instant(query.created_to, 'created_to'),
      },
      limit + 1,
      decodeCursor(query.cursor),
    );
    const page = paginate(rows.map((r) => ({ item: toTransactionView(r.transaction), position: r.position })), limit);
    return { success: true, ...page };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read one transaction', description: 'Any transaction of the calling app and mode (payments, payouts, refunds). Another app’s transaction is 404, exactly like a nonexistent one.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiSuccess(200, TransactionEnvelope, 'The transaction.')
  @ApiErrors(404)
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SuccessEnvelope<TransactionView>> {
    const transaction = isUuid(id) ? await this.transactions.viewForApp(id, principal.appId!, principal.mode) : null;
    if (!transaction) throw ApiError.of('NOT_FOUND');
    return { success: true, data: transaction };
  }

  @Post(':id/refund')
  @ApiOperation({
    summary: 'Refund a payment',
    description:
      'Creates a refund: a payout of `amount` (default: the whole payment) to the payer, with `reverses_payment_id` set. The balance must cover amount + fee. One refund per payment while it is pending or succeeded; after a failed refund, the payment can be refunded again. Airtel Money refunds whole payments only: a partial refund of an Airtel payment is 400 `REFUND_NOT_SUPPORTED`.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The payment to refund.' })
  @ApiSuccess(201, TransactionEnvelope, 'The refund transaction, usually pending.', REPLAY_HEADER_DOC)
  @ApiIdempotent()
  @ApiErrors(404, 502, 503)
  async refund(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: RefundDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    if (!isUuid(id)) throw ApiError.of('NOT_FOUND', { resource: 'payment' });
    const paymentId = id.toLowerCase();
    return this.idempotency.run(reply, { scopeId: principal.keyId, idempotencyKey, operation: `POST /v1/payments/${paymentId}/refund`, body }, (attempt) =>
      this.commands.send('create-refund', attempt, {
        transactionId: attempt.transactionId,
        paymentId,
        merchantId: principal.merchantId,
        appId: principal.appId!,
        mode: principal.mode,
        amount: body.amount,
        reason: body.reason ?? '',
        initiatedBy: 'api',
      }),
    );
  }
}

/** An ISO 8601 instant as Postgres should read it, or a 400 naming the field. */
function instant(value: string | undefined, field: string): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1970 || year > 9999) {
    throw new ApiError('VALIDATION_FAILED', undefined, { fields: { [field]: [`${field} must be an ISO 8601 date-time between 1970 and 9999`] } });
  }
  return date.toISOString();
}
