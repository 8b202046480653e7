import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppSummaryView, CreatedAppView, DashboardMode, DashboardOk, generateWebhookSecret, ShownOnceView } from '@momo/contracts';
import { ApiKeyEntity, AppEntity, AppsRepository, DashboardReadsRepository, MerchantsRepository } from '@momo/data';
import { issueApiKey } from '@momo/domain';
import { isUuid, WebhookUrlCheck } from '@momo/money-requests';
import { ApiError, SecretBox } from '@momo/platform';
import { AuditTrail } from '../audit/audit-trail';
import { Dashboard, DashboardContext, modeOf, Requires } from '../auth/dashboard-context';
import { may } from '../auth/permissions';
import { dashboardError } from '../http/dashboard-errors';
import { DashboardRedis } from '../http/dashboard-redis';
import { MerchantDashboardConfig } from '../merchant-dashboard.config';
import { CreateAppDto, RotateKeyDto, RotateSecretDto, UpdateAppDto } from './apps.dto';

const DEFAULT_OVERLAP_SECONDS = 24 * 3600;

/**
 * Apps in one mode: webhook URL, signing secret rotation (the old secret keeps signing beside the
 * new one for the overlap period), app keys issued (shown once), rotated and revoked, and the app
 * enabled or disabled. Webhook settings and keys are the request's mode's only (test and live are
 * separate worlds); a live change needs the owner (permissions).
 */
@Controller('dashboard-api/:mode')
export class AppsController {
  private readonly box: SecretBox;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly merchants: MerchantsRepository,
    private readonly apps: AppsRepository,
    private readonly reads: DashboardReadsRepository,
    private readonly webhookUrls: WebhookUrlCheck,
    private readonly redis: DashboardRedis,
    private readonly audit: AuditTrail,
    private readonly config: MerchantDashboardConfig,
  ) {
    this.box = new SecretBox(config.SECRETS_ENCRYPTION_KEY);
  }

  @Get('apps')
  async list(@Dashboard() context: DashboardContext): Promise<DashboardOk<AppSummaryView[]>> {
    const mode = modeOf(context);
    const rows = await this.merchants.listApps(context.merchant.id, 1000);
    return { success: true, data: await this.summaries(rows.map((r) => r.app), mode, context.merchant.id) };
  }

  @Post('apps')
  @Requires('manage_apps')
  async create(@Dashboard() context: DashboardContext, @Body() body: CreateAppDto): Promise<DashboardOk<CreatedAppView>> {
    const mode = modeOf(context);
    const webhookUrl = body.webhook_url ? await this.webhookUrls.assertAllowed(body.webhook_url) : null;
    // Each mode has its own secret; the other mode's is one nobody has seen (rotating it shows a new one).
    const secrets: Record<DashboardMode, string> = { test: generateWebhookSecret(), live: generateWebhookSecret() };
    const settings = (m: DashboardMode) => ({ url: m === mode ? webhookUrl : null, secretCiphertext: this.box.seal(secrets[m]) });
    const issued = issueApiKey('app', mode, this.config.API_KEY_PEPPER);
    const app = await this.dataSource.transaction(async (em) => {
      const created = await this.merchants.createApp(
        { id: randomUUID(), merchantId: context.merchant.id, name: body.name.trim(), webhooks: { test: settings('test'), live: settings('live') } },
        em,
      );
      await this.merchants.insertKey({ id: randomUUID(), merchantId: context.merchant.id, appId: created.id, kind: 'app', mode, keyHash: issued.keyHash, keyHint: issued.keyHint }, em);
      await this.audit.record(context, 'app.created', { target: created.id, details: { name: created.name, webhook_url: webhookUrl } }, em);
      return created;
    });
    const [summary] = await this.summaries([app], mode, context.merchant.id);
    return { success: true, data: { app: summary, webhook_secret: secrets[mode], api_key: issued.key } };
  }

  @Patch('apps/:id')
  @Requires('manage_apps')
  async update(@Dashboard() context: DashboardContext, @Param('id') id: string, @Body() body: UpdateAppDto): Promise<DashboardOk<AppSummaryView>> {
    const mode = modeOf(context);
    await this.appOf(context, id);
    // Renaming or disabling an app touches live traffic too: once the business is live, that is an owner's call.
    const touchesLive = (body.name !== undefined || body.status !== undefined) && context.merchant.businessVerified;
    if (touchesLive && !(context.user.liveAccess && may(context.user.role, 'live', 'manage_apps'))) {
      throw dashboardError('ROLE_FORBIDDEN', { permission: 'manage_apps', mode: 'live' });
    }
    const webhookUrl = typeof body.webhook_url === 'string' && body.webhook_url !== '' ? await this.webhookUrls.assertAllowed(body.webhook_url) : body.webhook_url === '' ? null : body.webhook_url;
    const updated = await this.merchants.updateApp(id, context.merchant.id, mode, { name: body.name?.trim(), webhookUrl, status: body.status });
    if (!updated) throw ApiError.of('NOT_FOUND');
    const app = updated.app;
    if (body.status !== undefined) await this.redis.invalidateGatewayAuth(`app ${app.id} ${app.status}`, context.merchant.id);
    const changes = Object.fromEntries(Object.entries({ name: body.name, webhook_url: webhookUrl, status: body.status }).filter(([, v]) => v !== undefined));
    await this.audit.record(context, body.status === 'disabled' ? 'app.disabled' : body.status === 'active' ? 'app.enabled' : 'app.updated', { target: app.id, details: changes });
    const [summary] = await this.summaries([app], mode, context.merchant.id);
    return { success: true, data: summary };
  }

  @Post('apps/:id/webhook-secret/rotate')
  @HttpCode(200)
  @Requires('manage_apps')
  async rotateSecret(@Dashboard() context: DashboardContext, @Param('id') id: string, @Body() body: RotateSecretDto = {}): Promise<DashboardOk<ShownOnceView>> {
    await this.appOf(context, id);
    const secret = generateWebhookSecret();
    const now = new Date();
    const overlap = body?.overlap_seconds ?? DEFAULT_OVERLAP_SECONDS;
    const rotated = await this.apps.rotateWebhookSecret(id, context.merchant.id, modeOf(context), this.box.seal(secret), new Date(now.getTime() + overlap * 1000), now);
    if (!rotated) throw ApiError.of('NOT_FOUND');
    await this.audit.record(context, 'webhook_secret.rotated', { target: id, details: { previous_secret_expires_at: rotated.previousExpiresAt.toISOString() } });
    return { success: true, data: { app_id: id, secret, previous_secret_expires_at: rotated.previousExpiresAt.toISOString() } };
  }

  @Post('apps/:id/keys')
  @Requires('manage_apps')
  async issueKey(@Dashboard() context: DashboardContext, @Param('id') id: string): Promise<DashboardOk<ShownOnceView>> {
    const mode = modeOf(context);
    await this.appOf(context, id);
    const issued = issueApiKey('app', mode, this.config.API_KEY_PEPPER);
    const keyId = randomUUID();
    await this.merchants.insertKey({ id: keyId, merchantId: context.merchant.id, appId: id, kind: 'app', mode, keyHash: issued.keyHash, keyHint: issued.keyHint });
    await this.audit.record(context, 'api_key.issued', { target: keyId, details: { app_id: id, hint: issued.keyHint } });
    return { success: true, data: { app_id: id, secret: issued.key, key: { id: keyId, mode, hint: issued.keyHint, created_at: new Date().toISOString(), expires_at: null } } };
  }

  @Post('keys/:id/rotate')
  @HttpCode(200)
  @Requires('manage_apps')
  async rotateKey(@Dashboard() context: DashboardContext, @Param('id') id: string, @Body() body: RotateKeyDto = {}): Promise<DashboardOk<ShownOnceView>> {
    const mode = modeOf(context);
    const old = await this.keyOf(context, id);
    const issued = issueApiKey('app', mode, this.config.API_KEY_PEPPER);
    const keyId = randomUUID();
    const grace = body?.grace_seconds ?? DEFAULT_OVERLAP_SECONDS;
    const rotated = await this.merchants.rotateKey(old.id, { id: keyId, merchantId: context.merchant.id, appId: old.appId, kind: 'app', mode, keyHash: issued.keyHash, keyHint: issued.keyHint }, grace);
    if (!rotated) throw ApiError.of('NOT_FOUND');
    await this.redis.invalidateGatewayAuth(`key ${old.id} rotated`, context.merchant.id);
    await this.audit.record(context, 'api_key.rotated', { target: old.id, details: { replacement: keyId, grace_seconds: grace } });
    return { success: true, data: { app_id: old.appId!, secret: issued.key, key: { id: keyId, mode, hint: issued.keyHint, created_at: new Date().toISOString(), expires_at: null } } };
  }

  @Post('keys/:id/revoke')
  @HttpCode(200)
  @Requires('manage_apps')
  async revokeKey(@Dashboard() context: DashboardContext, @Param('id') id: string): Promise<DashboardOk<{ revoked: true }>> {
    const key = await this.keyOf(context, id);
    if (!(await this.merchants.revokeKey(key.id))) throw ApiError.of('NOT_FOUND');
    await this.redis.invalidateGatewayAuth(`key ${key.id} revoked`, context.merchant.id);
    await this.audit.record(context, 'api_key.revoked', { target: key.id, details: { app_id: key.appId, hint: key.keyHint } });
    return { success: true, data: { revoked: true } };
  }

  private async appOf(context: DashboardContext, id: string): Promise<AppEntity> {
    const app = isUuid(id) ? await this.merchants.findAppOfMerchant(id, context.merchant.id) : null;
    if (!app) throw ApiError.of('NOT_FOUND');
    return app;
  }

  /** An app key of this merchant in this mode; anything else (account keys included) is not found. */
  private async keyOf(context: DashboardContext, id: string): Promise<ApiKeyEntity> {
    const key = isUuid(id) ? await this.merchants.findKey(id) : null;
    if (!key || key.merchantId !== context.merchant.id || key.mode !== modeOf(context) || key.kind !== 'app') throw ApiError.of('NOT_FOUND');
    return key;
  }

  private async summaries(apps: AppEntity[], mode: DashboardMode, merchantId: string): Promise<AppSummaryView[]> {
    const ids = apps.map((a) => a.id);
    const [keys, settings, counts] = await Promise.all([
      this.merchants.activeKeysOfApps(ids),
      this.merchants.webhookSettingsOf(ids, mode),
      this.reads.deliveryCounts(merchantId, mode),
    ]);
    const now = Date.now();
    return apps.map((app) => ({ app, webhook: settings.find((s) => s.appId === app.id) })).map(({ app, webhook }) => ({
      id: app.id,
      name: app.name,
      status: app.status,
      webhook_url: webhook?.url ?? null,
      previous_secret_expires_at:
        webhook?.previousSecretExpiresAt && webhook.previousSecretExpiresAt.getTime() > now ? webhook.previousSecretExpiresAt.toISOString() : null,
      keys: keys
        .filter((k) => k.appId === app.id && k.mode === mode)
        .map((k) => ({ id: k.id, mode: k.mode, hint: k.keyHint, created_at: k.createdAt.toISOString(), expires_at: k.expiresAt ? k.expiresAt.toISOString() : null })),
      deliveries: counts.get(app.id) ?? { pending: 0, delivered: 0, abandoned: 0 },
      created_at: app.createdAt.toISOString(),
    }));
  }
}
