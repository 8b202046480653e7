import { Body, Controller, Headers, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { MerchantsRepository } from '@momo/data';
import { parseMsisdn } from '@momo/domain';
import { IdempotentRequests, TransactionCommands } from '@momo/money-requests';
import { ApiError } from '@momo/platform';
import { AuditTrail } from '../audit/audit-trail';
import { Dashboard, DashboardContext, modeOf, Requires } from '../auth/dashboard-context';
import { dashboardError } from '../http/dashboard-errors';
import { TestMoneyDto } from './money.dto';

/**
 * Test mode's "make a test payment / payout": the same commands as POST /v1/payments and
 * /v1/payouts for one of the merchant's apps, against the operator simulator, whose magic numbers
 * (libs/contracts test-mode) choose the outcome.
 */
@Controller('dashboard-api/:mode/test-money')
export class TestMoneyController {
  constructor(
    private readonly merchants: MerchantsRepository,
    private readonly idempotency: IdempotentRequests,
    private readonly commands: TransactionCommands,
    private readonly audit: AuditTrail,
  ) {}

  @Post()
  @Requires('test_money')
  async create(
    @Dashboard() context: DashboardContext,
    @Body() body: TestMoneyDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const mode = modeOf(context);
    if (mode !== 'test') throw dashboardError('TEST_MODE_ONLY');
    const app = await this.merchants.findAppOfMerchant(body.app_id, context.merchant.id);
    if (!app) throw ApiError.of('NOT_FOUND', { resource: 'app' });
    if (app.status === 'disabled') throw ApiError.of('APP_DISABLED');
    const wallet = parseMsisdn(body.msisdn);
    if (!wallet.ok) throw ApiError.of('UNSUPPORTED_NETWORK');
    const name = body.kind === 'payment' ? 'create-payment' : 'create-payout';
    await this.idempotency.run(reply, { scopeId: context.user.id, idempotencyKey, operation: `POST /dashboard-api/test/test-money`, body }, (attempt) =>
      this.commands.send(name, attempt, {
        transactionId: attempt.transactionId,
        merchantId: context.merchant.id,
        appId: app.id,
        mode,
        amount: body.amount,
        msisdn: wallet.msisdn,
        network: wallet.network,
        description: body.description ?? `Test ${body.kind} from the dashboard`,
        reference: '',
        metadata: {},
        initiatedBy: 'dashboard',
      }),
    );
    await this.audit.record(context, `test_${body.kind}.requested`, { target: app.id, details: { amount: body.amount, answer: reply.statusCode } });
    return reply;
  }
}
