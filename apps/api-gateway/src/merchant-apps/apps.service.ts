import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApiKeyView, AppCreatedView, AppView, generateWebhookSecret, WebhookSettingsView } from '@momo/contracts';
import { ApiKeyEntity, AppEntity, AppWebhookSettingsEntity, MerchantsRepository } from '@momo/data';
import { issueApiKey, Mode } from '@momo/domain';
import { SecretBox } from '@momo/platform';
import { ApiGatewayConfig } from '../api-gateway.config';
import { Principal } from '../auth/principal';

/**
 * Apps of a merchant. A new app gets a webhook signing secret per mode and its first app keys;
 * the secret of the caller's mode and the keys are shown once in the creation response, and
 * stored only sealed (secrets) or hashed (keys). Everything an app shows is in the caller's mode.
 */
@Injectable()
export class AppsService {
  private readonly box: SecretBox;

  constructor(
    private readonly merchants: MerchantsRepository,
    private readonly config: ApiGatewayConfig,
  ) {
    this.box = new SecretBox(config.SECRETS_ENCRYPTION_KEY);
  }

  /**
   * Inside the caller's transaction, so the app, its settings, its keys and the idempotency record
   * commit together. The URL is the caller's mode's; the other mode starts without one, and with
   * a secret nobody has seen yet (a key of that mode learns it by rotating it).
   */
  async create(em: EntityManager, principal: Principal, name: string, webhookUrl: string | null): Promise<AppCreatedView> {
    const secrets: Record<Mode, string> = { test: generateWebhookSecret(), live: generateWebhookSecret() };
    const settings = (mode: Mode) => ({ url: mode === principal.mode ? webhookUrl : null, secretCiphertext: this.box.seal(secrets[mode]) });
    const app = await this.merchants.createApp({ id: randomUUID(), merchantId: principal.merchantId, name, webhooks: { test: settings('test'), live: settings('live') } }, em);
    // Live app keys only come from a live account key, which only works for a verified business.
    const modes: Mode[] = principal.mode === 'live' && principal.businessVerified ? ['test', 'live'] : ['test'];
    const keys: { test: string; live?: string } = { test: '' };
    for (const mode of modes) {
      const issued = issueApiKey('app', mode, this.config.API_KEY_PEPPER);
      await this.merchants.insertKey({ id: randomUUID(), merchantId: principal.merchantId, appId: app.id, kind: 'app', mode, keyHash: issued.keyHash, keyHint: issued.keyHint }, em);
      keys[mode] = issued.key;
    }
    const [stored, webhook] = await Promise.all([this.merchants.activeKeysOfApps([app.id], em), this.merchants.webhookSettingsOf([app.id], principal.mode, em)]);
    return { ...appView(app, webhook[0], stored), webhook_secret: secrets[principal.mode], keys };
  }

  /** The views of these apps in `mode`: that mode's webhook settings and keys only. */
  async views(apps: AppEntity[], mode: Mode): Promise<AppView[]> {
    const ids = apps.map((a) => a.id);
    const [keys, settings] = await Promise.all([this.merchants.activeKeysOfApps(ids), this.merchants.webhookSettingsOf(ids, mode)]);
    return apps.map((app) => appView(app, settings.find((s) => s.appId === app.id)!, keys.filter((k) => k.appId === app.id)));
  }
}

/** An app as a key of `webhook.mode` sees it: that mode's webhook settings and keys, never the other's. */
export function appView(app: AppEntity, webhook: AppWebhookSettingsEntity, keys: ApiKeyEntity[]): AppView {
  return {
    id: app.id,
    merchant_id: app.merchantId,
    name: app.name,
    webhook_url: webhook.url,
    status: app.status,
    webhooks: { [webhook.mode]: webhookSettingsView(webhook) },
    api_keys: keys.filter((k) => k.mode === webhook.mode).map(keyView),
    created_at: app.createdAt.toISOString(),
    updated_at: app.updatedAt.toISOString(),
  };
}

function webhookSettingsView(s: AppWebhookSettingsEntity): WebhookSettingsView {
  const windowOpen = s.previousSecretExpiresAt !== null && s.previousSecretExpiresAt > new Date();
  return { mode: s.mode, url: s.url, previous_secret_expires_at: windowOpen ? s.previousSecretExpiresAt!.toISOString() : null, updated_at: s.updatedAt.toISOString() };
}

function keyView(key: ApiKeyEntity): ApiKeyView {
  return { id: key.id, mode: key.mode, hint: key.keyHint, created_at: key.createdAt.toISOString(), expires_at: key.expiresAt ? key.expiresAt.toISOString() : null };
}
