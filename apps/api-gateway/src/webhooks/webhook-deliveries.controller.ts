import { Controller, Get, HttpCode, Logger, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ListEnvelope, replayWakeUp, SuccessEnvelope } from '@momo/contracts';
import { DeliveryLogRepository, toDeliveryDetailView, toDeliveryView } from '@momo/data';
import { ApiError, JobProducer } from '@momo/platform';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { decodeCursor, encodeCursor, isUuid } from '@momo/money-requests';
import { ApiAuthenticated, ApiErrors, ApiSuccess } from '../openapi/decorators';
import { WebhookDeliveryDetailEnvelope, WebhookDeliveryEnvelope, WebhookDeliveryListEnvelope } from './webhook.schemas';
import type { WebhookDeliveryDetailView, WebhookDeliveryView } from '@momo/contracts';
import { ListDeliveriesQuery } from './webhook-deliveries.dto';

/**
 * The attempt log of every webhook, per app, for account keys (contract: account keys read
 * webhook deliveries), each in its key's mode; and replays by hand.
 */
@ApiTags('webhooks')
@Controller('v1/webhook-deliveries')
@UseGuards(ApiKeyGuard)
@ApiAuthenticated()
export class WebhookDeliveriesController {
  private readonly logger = new Logger(WebhookDeliveriesController.name);

  constructor(
    private readonly deliveries: DeliveryLogRepository,
    private readonly producer: JobProducer,
  ) {}

  @Get()
  @RequiresKey('account')
  @ApiOperation({ summary: "List the account's webhook deliveries", description: 'Account key. Newest first, in the key\'s mode, with filters and cursor paging.' })
  @ApiSuccess(200, WebhookDeliveryListEnvelope, 'One page of deliveries.')
  @ApiErrors(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListDeliveriesQuery): Promise<ListEnvelope<WebhookDeliveryView>> {
    const limit = query.limit ?? 20;
    const after = decodeCursor(query.cursor);
    const page = await this.deliveries.listForMerchant(
      {
        merchantId: principal.merchantId,
        mode: principal.mode,
        appId: query.app_id,
        status: query.status,
        eventType: query.event_type,
        transactionId: query.transaction_id,
        createdFrom: query.created_from ? new Date(query.created_from) : undefined,
        createdTo: query.created_to ? new Date(query.created_to) : undefined,
      },
      { limit, after },
    );
    return {
      success: true,
      data: page.deliveries.map(toDeliveryView),
      pagination: { limit, has_more: page.next !== null, next_cursor: page.next ? encodeCursor(page.next) : null },
    };
  }

  @Get(':id')
  @RequiresKey('account')
  @ApiOperation({ summary: 'One delivery with every attempt', description: 'Account key. Includes the exact body sent.' })
  @ApiSuccess(200, WebhookDeliveryDetailEnvelope, 'The delivery and its attempts.')
  @ApiErrors(404)
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SuccessEnvelope<WebhookDeliveryDetailView>> {
    const found = isUuid(id) ? await this.deliveries.findForMerchant(id, principal.merchantId, principal.mode) : null;
    if (!found) throw ApiError.of('NOT_FOUND');
    return { success: true, data: toDeliveryDetailView(found.delivery, found.attempts) };
  }

  /**
   * Sends the delivery again, now, with the same X-Service-Delivery and body, and gives it a new
   * round of attempts if that one fails. Recorded in Postgres before answering; the job is only a
   * wake-up call (if it cannot be queued, the dispatcher's sweeper finds the delivery due).
   */
  @Post(':id/replay')
  @HttpCode(202)
  @RequiresKey('account')
  @ApiOperation({ summary: 'Replay a delivery now', description: 'Account key. Same body and X-Service-Delivery; a new round of attempts if it fails.' })
  @ApiSuccess(202, WebhookDeliveryEnvelope, 'Recorded; the attempt follows within moments.')
  @ApiErrors(404)
  async replay(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SuccessEnvelope<WebhookDeliveryView>> {
    const delivery = isUuid(id) ? await this.deliveries.replay(id, principal.merchantId, principal.mode, new Date()) : null;
    if (!delivery) throw ApiError.of('NOT_FOUND');
    try {
      const wakeUp = replayWakeUp(delivery);
      await this.producer.add('deliver-webhook', wakeUp.payload, wakeUp.options);
    } catch (error) {
      this.logger.warn({ deliveryId: delivery.id, err: error }, 'replay recorded but not queued; the dispatcher sweeper will pick it up');
    }
    return { success: true, data: toDeliveryView(delivery) };
  }
}
