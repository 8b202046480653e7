import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApiKeyView, AppCreatedView, AppView } from '@momo/contracts';
import { ApiKeyEntity, AppEntity, MerchantsRepository } from '@momo/data';
import { issueApiKey, Mode } from '@momo/domain';
import { SecretBox } from '@momo/platform';
import { ApiGatewayConfig } from '../api-gateway.config';
import { Principal } from '../auth/principal';

/**
 * Apps of a merchant. A new app gets its webhook signing secret and its first app keys, shown
 * once in the creation response and stored only sealed (the secret) or hashed (the keys).
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

  /** Inside the caller's transaction, so the app, its keys and the idempotency record commit together. */
  async create(em: EntityManager, principal: Principal, name: string, webhookUrl: string | null): Promise<AppCreatedView> {
    const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
    const app = await this.merchants.createApp({ id: randomUUID(), merchantId: principal.merchantId, name, webhookUrl, webhookSecretCiphertext: this.box.seal(webhookSecret) }, em);
    // Live app keys only come from a live account key, which only works for a verified business.
    const modes: Mode[] = principal.mode === 'live' && principal.businessVerified ? ['test', 'live'] : ['test'];
    const keys: { test: string; live?: string } = { test: '' };
    for (const mode of modes) {
      const issued = issueApiKey('app', mode, this.config.API_KEY_PEPPER);
      await this.merchants.insertKey({ id: randomUUID(), merchantId: principal.merchantId, appId: app.id, kind: 'app', mode, keyHash: issued.keyHash, keyHint: issued.keyHint }, em);
      keys[mode] = issued.key;
    }
    const stored = await this.merchants.activeKeysOfApps([app.id], em);
    return { ...appView(app, stored), webhook_secret: webhookSecret, keys };
  }

  async views(apps: AppEntity[]): Promise<AppView[]> {
    const keys = await this.merchants.activeKeysOfApps(apps.map((a) => a.id));
    return apps.map((app) => appView(app, keys.filter((k) => k.appId === app.id)));
  }
}

export function appView(app: AppEntity, keys: ApiKeyEntity[]): AppView {
  return {
    id: app.id,
    merchant_id: app.merchantId,
    name: app.name,
    webhook_url: app.webhookUrl,
    status: app.status,
    api_keys: keys.map(keyView),
    created_at: app.createdAt.toISOString(),
    updated_at: app.updatedAt.toISOString(),
  };
}

function keyView(key: ApiKeyEntity): ApiKeyView {
  return { id: key.id, mode: key.mode, hint: key.keyHint, created_at: key.createdAt.toISOString(), expires_at: key.expiresAt ? key.expiresAt.toISOString() : null };
}
