import { Body, Controller, Get, Headers, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppView, ListEnvelope, SuccessEnvelope } from '@momo/contracts';
import { MerchantsRepository } from '@momo/data';
import { ApiError } from '@momo/platform';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { AuthInvalidations } from '../auth/auth-invalidations';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { decodeCursor, IdempotentRequests, isUuid, paginate, successAnswer, WebhookUrlCheck } from '@momo/money-requests';
import { ApiAuthenticated, ApiErrors, ApiIdempotent, ApiSuccess, REPLAY_HEADER_DOC } from '../openapi/decorators';
import { AppCreatedEnvelope, AppEnvelope, AppListEnvelope } from '../openapi/schemas';
import { PageQuery } from '../validation/page.query';
import { CreateAppDto, UpdateAppDto } from './app.dto';
import { appView, AppsService } from './apps.service';

@ApiTags('apps')
@Controller('v1/apps')
@UseGuards(ApiKeyGuard)
@RequiresKey('account')
@ApiAuthenticated()
export class AppsController {
  constructor(
    private readonly apps: AppsService,
    private readonly merchants: MerchantsRepository,
    private readonly webhookUrls: WebhookUrlCheck,
    private readonly idempotency: IdempotentRequests,
    private readonly invalidations: AuthInvalidations,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create an app',
    description:
      "Account key. `webhook_url` becomes the app's webhook URL in the key's mode (test and live have separate settings; the other mode starts without a URL). Answers with the app, the signing secret of the key's mode (`webhook_secret`) and its first app keys (`keys.test`; `keys.live` too when a live account key of a verified business asks), each shown only in this response. A replay of the same Idempotency-Key shows them again within 24 hours.",
  })
  @ApiSuccess(201, AppCreatedEnvelope, 'The new app with its secret and keys.', REPLAY_HEADER_DOC)
  @ApiIdempotent()
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateAppDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const webhookUrl = body.webhook_url === undefined ? null : await this.webhookUrls.assertAllowed(body.webhook_url);
    return this.idempotency.runInTransaction(reply, { scopeId: principal.keyId, idempotencyKey, operation: 'POST /v1/apps', body, sealed: true }, async (_, em) =>
      successAnswer(201, { success: true, data: await this.apps.create(em, principal, body.name, webhookUrl) }),
    );
  }

  @Get()
  @ApiOperation({ summary: "List the merchant's apps", description: "Oldest first, in pages, each with its webhook settings and keys in the key's mode. Secrets are never listed; keys only by hint." })
  @ApiSuccess(200, AppListEnvelope, 'One page of apps.')
  @ApiErrors(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: PageQuery): Promise<ListEnvelope<AppView>> {
    const limit = query.limit ?? 20;
    const rows = await this.merchants.listApps(principal.merchantId, limit + 1, decodeCursor(query.cursor));
    const views = await this.apps.views(rows.map((r) => r.app), principal.mode);
    return { success: true, ...paginate(rows.map((r, i) => ({ item: views[i], position: r.position })), limit) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read one app', description: "With its webhook settings and keys in the key's mode." })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiSuccess(200, AppEnvelope, 'The app.')
  @ApiErrors(404)
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SuccessEnvelope<AppView>> {
    const app = isUuid(id) ? await this.merchants.findAppOfMerchant(id, principal.merchantId) : null;
    if (!app) throw ApiError.of('NOT_FOUND');
    return { success: true, data: (await this.apps.views([app], principal.mode))[0] };
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Update, disable or re-enable an app',
    description:
      "`webhook_url` changes the URL of the key's mode only: a test key sets the test URL, a live key the live URL. Renaming, disabling and re-enabling affect live traffic and need a live account key (403 LIVE_KEY_REQUIRED otherwise). A disabled app's keys get 403 APP_DISABLED at once and its webhook deliveries are held, not dropped; re-enabling restores the keys and sends what was held.",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiSuccess(200, AppEnvelope, 'The app as it is now.')
  @ApiErrors(400, 404)
  async update(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Body() body: UpdateAppDto): Promise<SuccessEnvelope<AppView>> {
    if (!isUuid(id)) throw ApiError.of('NOT_FOUND');
    const affectsLive = body.name !== undefined || body.status !== undefined;
    if (affectsLive && principal.mode !== 'live') {
      // Another merchant's app stays not found; the merchant's own app is refused.
      if (!(await this.merchants.findAppOfMerchant(id, principal.merchantId))) throw ApiError.of('NOT_FOUND');
      throw ApiError.of('LIVE_KEY_REQUIRED');
    }
    const webhookUrl = typeof body.webhook_url === 'string' ? await this.webhookUrls.assertAllowed(body.webhook_url) : body.webhook_url;
    const updated = await this.merchants.updateApp(id, principal.merchantId, principal.mode, { name: body.name, webhookUrl, status: body.status });
    if (!updated) throw ApiError.of('NOT_FOUND');
    if (body.status !== undefined) await this.invalidations.publish({ reason: `app ${id} ${updated.app.status}`, merchantId: principal.merchantId });
    const keys = await this.merchants.activeKeysOfApps([id]);
    return { success: true, data: appView(updated.app, updated.webhook, keys) };
  }
}
