import { Body, Controller, Get, Headers, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { DashboardOk, Page, TransactionDetailView, TransactionRowView } from '@momo/contracts';
import { toTransactionView } from '@momo/contracts';
import { DashboardReadsRepository, MerchantsRepository, MerchantTransactionFilters, toDeliveryDetailView } from '@momo/data';
import { parseMsisdn } from '@momo/domain';
import { decodeCursor, encodeCursor, IdempotentRequests, isUuid, TransactionCommands } from '@momo/money-requests';
import { ApiError } from '@momo/platform';
import { AuditTrail } from '../audit/audit-trail';
import { Dashboard, DashboardContext, modeOf, Requires } from '../auth/dashboard-context';
import { TransactionQueryDto } from '../http/queries';
import { RefundBodyDto } from './money.dto';
import { buildTimeline } from './timeline';
import { toCsv } from './csv';

const EXPORT_LIMIT = 10_000;

@Controller('dashboard-api/:mode/transactions')
export class TransactionsController {
  constructor(
    private readonly reads: DashboardReadsRepository,
    private readonly merchants: MerchantsRepository,
    private readonly idempotency: IdempotentRequests,
    private readonly commands: TransactionCommands,
    private readonly audit: AuditTrail,
  ) {}

  @Get()
  async list(@Dashboard() context: DashboardContext, @Query() query: TransactionQueryDto): Promise<DashboardOk<Page<TransactionRowView>>> {
    const limit = query.limit ?? 25;
    const rows = await this.reads.transactions(this.filters(context, query), limit + 1, decodeCursor(query.cursor));
    const names = await this.appNames(context.merchant.id);
    const page = rows.slice(0, limit);
    return {
      success: true,
      data: {
        data: page.map((r) => ({ ...toTransactionView(r.transaction), app_name: names.get(r.transaction.appId) ?? '' })),
        next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1].position) : null,
      },
    };
  }

  /** The filtered set as CSV (newest first, at most EXPORT_LIMIT rows). */
  @Get('export.csv')
  async export(@Dashboard() context: DashboardContext, @Query() query: TransactionQueryDto, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const filters = this.filters(context, query);
    const names = await this.appNames(context.merchant.id);
    const rows: TransactionRowView[] = [];
    let cursor = undefined as ReturnType<typeof decodeCursor>;
    while (rows.length < EXPORT_LIMIT) {
      const page = await this.reads.transactions(filters, Math.min(500, EXPORT_LIMIT - rows.length), cursor);
      rows.push(...page.map((r) => ({ ...toTransactionView(r.transaction), app_name: names.get(r.transaction.appId) ?? '' })));
      if (page.length < 500) break;
      cursor = page[page.length - 1].position;
    }
    await this.audit.record(context, 'transactions.exported', { details: { rows: rows.length, filters: query } });
    const name = `transactions-${modeOf(context)}-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(toCsv(rows));
  }

  @Get(':id')
  async detail(@Dashboard() context: DashboardContext, @Param('id') id: string): Promise<DashboardOk<TransactionDetailView>> {
    const transaction = isUuid(id) ? await this.reads.transaction(id.toLowerCase(), context.merchant.id, modeOf(context)) : null;
    if (!transaction) throw ApiError.of('NOT_FOUND');
    const [trail, app] = await Promise.all([this.reads.trail(transaction), this.merchants.findAppOfMerchant(transaction.appId, context.merchant.id)]);
    const deliveries = trail.deliveries.map((d) => toDeliveryDetailView(d.delivery, d.attempts));
    const refundable =
      transaction.direction === 'collect' && transaction.status === 'succeeded' && !trail.refunds.some((r) => r.status !== 'failed');
    return {
      success: true,
      data: {
        transaction: toTransactionView(transaction),
        app: { id: transaction.appId, name: app?.name ?? '', status: app?.status ?? 'active' },
        timeline: buildTimeline(transaction, trail, deliveries),
        refunds: trail.refunds.map(toTransactionView),
        deliveries,
        refundable,
      },
    };
  }

  /**
   * The same refund as POST /v1/payments/:id/refund: the same command to payments-core, the same
   * idempotency (scoped to this user), initiated_by `dashboard`.
   */
  @Post(':id/refund')
  @Requires('refund')
  async refund(
    @Dashboard() context: DashboardContext,
    @Param('id') id: string,
    @Body() body: RefundBodyDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const mode = modeOf(context);
    const payment = isUuid(id) ? await this.reads.transaction(id.toLowerCase(), context.merchant.id, mode) : null;
    if (!payment) throw ApiError.of('NOT_FOUND', { resource: 'payment' });
    const app = await this.merchants.findAppOfMerchant(payment.appId, context.merchant.id);
    if (!app || app.status === 'disabled') throw ApiError.of('APP_DISABLED');
    await this.idempotency.run(
      reply,
      { scopeId: context.user.id, idempotencyKey, operation: `POST /dashboard-api/${mode}/transactions/${payment.id}/refund`, body },
      (attempt) =>
        this.commands.send('create-refund', attempt, {
          transactionId: attempt.transactionId,
          paymentId: payment.id,
          merchantId: context.merchant.id,
          appId: payment.appId,
          mode,
          amount: body.amount,
          reason: body.reason ?? '',
          initiatedBy: 'dashboard',
        }),
    );
    await this.audit.record(context, 'payment.refund_requested', { target: payment.id, details: { amount: body.amount ?? payment.amount, reason: body.reason ?? '', answer: reply.statusCode } });
    return reply;
  }

  private filters(context: DashboardContext, query: TransactionQueryDto): MerchantTransactionFilters {
    const q = query.q?.trim();
    const msisdn = q ? parseMsisdn(q) : undefined;
    return {
      merchantId: context.merchant.id,
      mode: modeOf(context),
      appId: query.app_id,
      status: query.status,
      direction: query.direction,
      network: query.network,
      createdFrom: query.created_from ? new Date(query.created_from).toISOString() : undefined,
      createdTo: query.created_to ? new Date(query.created_to).toISOString() : undefined,
      search: q ? { id: isUuid(q) ? q.toLowerCase() : undefined, reference: q, msisdn: msisdn?.ok ? msisdn.msisdn : undefined } : undefined,
    };
  }

  private async appNames(merchantId: string): Promise<Map<string, string>> {
    const apps = await this.merchants.listApps(merchantId, 1000);
    return new Map(apps.map((a) => [a.app.id, a.app.name]));
  }
}
