import { Controller, Get, HttpCode, Logger, Param, Post, Query } from '@nestjs/common';
import { replayWakeUp } from '@momo/contracts';
import type { DashboardOk, Page, ReplayAllView, WebhookDeliveryDetailView, WebhookDeliveryView } from '@momo/contracts';
import { DashboardReadsRepository, DeliveryLogRepository, MerchantsRepository, toDeliveryDetailView, toDeliveryView, WebhookDeliveryEntity } from '@momo/data';
import { decodeCursor, encodeCursor, isUuid } from '@momo/money-requests';
import { ApiError, JobProducer } from '@momo/platform';
import { AuditTrail } from '../audit/audit-trail';
import { Dashboard, DashboardContext, modeOf, Requires } from '../auth/dashboard-context';
import { DeliveryQueryDto } from '../http/queries';

const REPLAY_ALL_LIMIT = 1_000;

/**
 * Webhook deliveries per app and mode, every attempt with its status code and response body, and
 * replays: one delivery, or every abandoned delivery of an app. A replay is the same as
 * POST /v1/webhook-deliveries/:id/replay: recorded in Postgres first, the job only wakes the
 * dispatcher (whose sweeper finds the delivery due if the job is lost).
 */
@Controller('dashboard-api/:mode')
export class DeliveriesController {
  private readonly logger = new Logger(DeliveriesController.name);

  constructor(
    private readonly deliveries: DeliveryLogRepository,
    private readonly reads: DashboardReadsRepository,
    private readonly merchants: MerchantsRepository,
    private readonly producer: JobProducer,
    private readonly audit: AuditTrail,
  ) {}

  @Get('apps/:appId/deliveries')
  async list(@Dashboard() context: DashboardContext, @Param('appId') appId: string, @Query() query: DeliveryQueryDto): Promise<DashboardOk<Page<WebhookDeliveryView>>> {
    await this.appOf(context, appId);
    const limit = query.limit ?? 25;
    const page = await this.deliveries.listForMerchant(
      {
        merchantId: context.merchant.id,
        mode: modeOf(context),
        appId,
        status: query.status,
        eventType: query.event_type,
        createdFrom: query.created_from ? new Date(query.created_from) : undefined,
        createdTo: query.created_to ? new Date(query.created_to) : undefined,
      },
      { limit, after: decodeCursor(query.cursor) },
    );
    return { success: true, data: { data: page.deliveries.map(toDeliveryView), next_cursor: page.next ? encodeCursor(page.next) : null } };
  }

  @Get('deliveries/:id')
  async get(@Dashboard() context: DashboardContext, @Param('id') id: string): Promise<DashboardOk<WebhookDeliveryDetailView>> {
    const found = isUuid(id) ? await this.deliveries.findForMerchant(id, context.merchant.id, modeOf(context)) : null;
    if (!found) throw ApiError.of('NOT_FOUND');
    return { success: true, data: toDeliveryDetailView(found.delivery, found.attempts) };
  }

  @Post('deliveries/:id/replay')
  @HttpCode(202)
  @Requires('replay')
  async replay(@Dashboard() context: DashboardContext, @Param('id') id: string): Promise<DashboardOk<WebhookDeliveryView>> {
    const delivery = isUuid(id) ? await this.deliveries.replay(id, context.merchant.id, modeOf(context), new Date()) : null;
    if (!delivery) throw ApiError.of('NOT_FOUND');
    await this.wake(delivery);
    await this.audit.record(context, 'webhook_delivery.replayed', { target: delivery.id, details: { app_id: delivery.appId, event_type: delivery.eventType } });
    return { success: true, data: toDeliveryView(delivery) };
  }

  @Post('apps/:appId/deliveries/replay-abandoned')
  @HttpCode(202)
  @Requires('replay')
  async replayAbandoned(@Dashboard() context: DashboardContext, @Param('appId') appId: string): Promise<DashboardOk<ReplayAllView>> {
    const mode = modeOf(context);
    await this.appOf(context, appId);
    const ids = await this.reads.abandonedDeliveryIds(appId, context.merchant.id, mode, REPLAY_ALL_LIMIT);
    let replayed = 0;
    const now = new Date();
    for (const id of ids) {
      const delivery = await this.deliveries.replay(id, context.merchant.id, mode, now);
      if (!delivery) continue;
      replayed++;
      await this.wake(delivery);
    }
    await this.audit.record(context, 'webhook_deliveries.replayed_abandoned', { target: appId, details: { replayed } });
    return { success: true, data: { replayed } };
  }

  private async wake(delivery: WebhookDeliveryEntity): Promise<void> {
    try {
      const wakeUp = replayWakeUp(delivery);
      await this.producer.add('deliver-webhook', wakeUp.payload, wakeUp.options);
    } catch (error) {
      this.logger.warn({ deliveryId: delivery.id, err: (error as Error).message }, 'replay recorded but not queued; the dispatcher sweeper will pick it up');
    }
  }

  private async appOf(context: DashboardContext, appId: string): Promise<void> {
    const app = isUuid(appId) ? await this.merchants.findAppOfMerchant(appId, context.merchant.id) : null;
    if (!app) throw ApiError.of('NOT_FOUND');
  }
}
