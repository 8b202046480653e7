import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Mode } from '@momo/domain';
import { ApiKeyEntity, ApiKeyKind, AppEntity, MerchantEntity } from '../entities';
import { hydrate } from './hydrate';

/** Everything the gateway needs to authorise one request, from one indexed query. */
export interface KeyPrincipal {
  key: ApiKeyEntity;
  merchant: MerchantEntity;
  app: AppEntity | null;
}

export interface NewApiKey {
  id: string;
  merchantId: string;
  appId: string | null;
  kind: ApiKeyKind;
  mode: Mode;
  keyHash: string;
  keyHint: string;
}

/** merchants, apps and api_keys: owned by api-gateway (and the admin CLI). */
@Injectable()
export class MerchantsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findPrincipalByKeyHash(keyHash: string): Promise<KeyPrincipal | null> {
    const em = this.dataSource.manager;
    const rows: Record<string, unknown>[] = await em.query(
      `SELECT row_to_json(k) AS key, row_to_json(m) AS merchant, row_to_json(a) AS app
         FROM api_keys k
         JOIN merchants m ON m.id = k.merchant_id
         LEFT JOIN apps a ON a.id = k.app_id
        WHERE k.key_hash = $1`,
      [keyHash],
    );
    if (rows.length === 0) return null;
    const revive = (row: Record<string, unknown> | null) => (row ? reviveDates(row) : null);
    return {
      key: hydrate(em, ApiKeyEntity, revive(rows[0].key as Record<string, unknown>)!),
      merchant: hydrate(em, MerchantEntity, revive(rows[0].merchant as Record<string, unknown>)!),
      app: rows[0].app ? hydrate(em, AppEntity, revive(rows[0].app as Record<string, unknown>)!) : null,
    };
  }

  findMerchant(id: string): Promise<MerchantEntity | null> {
    return this.dataSource.manager.findOneBy(MerchantEntity, { id });
  }

  findApp(id: string): Promise<AppEntity | null> {
    return this.dataSource.manager.findOneBy(AppEntity, { id });
  }

  async upsertMerchant(merchant: Pick<MerchantEntity, 'id' | 'name' | 'businessVerified' | 'status'>, em: EntityManager = this.dataSource.manager): Promise<void> {
    await em.query(
      `INSERT INTO merchants (id, name, business_verified, status) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()`,
      [merchant.id, merchant.name, merchant.businessVerified, merchant.status],
    );
  }

  async upsertApp(
    app: Pick<AppEntity, 'id' | 'merchantId' | 'name' | 'webhookUrl' | 'webhookSecretCiphertext'>,
    em: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await em.query(
      `INSERT INTO apps (id, merchant_id, name, webhook_url, webhook_secret_ciphertext) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, webhook_url = EXCLUDED.webhook_url,
         webhook_secret_ciphertext = EXCLUDED.webhook_secret_ciphertext, updated_at = now()`,
      [app.id, app.merchantId, app.name, app.webhookUrl, app.webhookSecretCiphertext],
    );
  }

  /** Adds a key; adding the same key (same hash) again changes nothing. */
  async insertKey(key: NewApiKey, em: EntityManager = this.dataSource.manager): Promise<void> {
    await em.query(
      `INSERT INTO api_keys (id, merchant_id, app_id, kind, mode, key_hash, key_hint) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (key_hash) DO NOTHING`,
      [key.id, key.merchantId, key.appId, key.kind, key.mode, key.keyHash, key.keyHint],
    );
  }
}

/** row_to_json turns timestamps into strings; entities carry Dates. */
function reviveDates(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    out[name] = typeof value === 'string' && /_at$/.test(name) ? new Date(value) : value;
  }
  return out;
}
