import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { FeeSchedule, Mode } from '@momo/domain';
import { ApiKeyEntity, ApiKeyKind, AppEntity, AppStatus, AppWebhookSettingsEntity, MerchantEntity, MerchantStatus } from '../entities';
import { hydrate, queryRows } from './hydrate';
import { exactCreatedAt, newerThan, PagePosition, positionOf } from './paging';
import { rowsOf, sql, Where } from './sql';
import type { Table } from '../ownership';

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

export interface MerchantPatch {
  name?: string;
  businessVerified?: boolean;
  status?: MerchantStatus;
  readsPerMinute?: number | null;
  writesPerMinute?: number | null;
  feeSchedule?: FeeSchedule | null;
}

export interface AppPatch {
  name?: string;
  status?: AppStatus;
  /** The URL of the mode given with the patch; the other mode's settings are never touched. */
  webhookUrl?: string | null;
}

/** One mode's webhook settings of a new app. */
export interface NewWebhookSettings {
  url: string | null;
  secretCiphertext: string;
}

/** A new app with the webhook settings of both modes (each mode has its own secret). */
export interface NewApp {
  id: string;
  merchantId: string;
  name: string;
  webhooks: Record<Mode, NewWebhookSettings>;
}

/** An app and its webhook settings in one mode (the mode of the key that asked). */
export interface AppInMode {
  app: AppEntity;
  webhook: AppWebhookSettingsEntity;
}

/** merchants, apps and api_keys: owned by api-gateway (and the admin CLI). */
@Injectable()
export class MerchantsRepository {
  static readonly writes: readonly Table[] = ['merchants', 'apps', 'app_webhook_settings', 'api_keys'];

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

  findMerchant(id: string, em: EntityManager = this.dataSource.manager): Promise<MerchantEntity | null> {
    return em.findOneBy(MerchantEntity, { id });
  }

  listMerchants(): Promise<MerchantEntity[]> {
    return this.dataSource.manager.find(MerchantEntity, { order: { createdAt: 'ASC' } });
  }

  /** An app of this merchant; another merchant's app is simply not found. */
  findAppOfMerchant(id: string, merchantId: string): Promise<AppEntity | null> {
    return this.dataSource.manager.findOneBy(AppEntity, { id, merchantId });
  }

  async upsertMerchant(merchant: Pick<MerchantEntity, 'id' | 'name' | 'businessVerified' | 'status'>, em: EntityManager = this.dataSource.manager): Promise<void> {
    await em.query(
      `INSERT INTO merchants (id, name, business_verified, status) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()`,
      [merchant.id, merchant.name, merchant.businessVerified, merchant.status],
    );
  }

  /** Changes what the platform operator manages about a merchant; null when there is no such merchant. */
  async updateMerchant(id: string, patch: MerchantPatch): Promise<MerchantEntity | null> {
    const columns: Record<keyof MerchantPatch, string> = {
      name: 'name',
      businessVerified: 'business_verified',
      status: 'status',
      readsPerMinute: 'reads_per_minute',
      writesPerMinute: 'writes_per_minute',
      feeSchedule: 'fee_schedule',
    };
    const sets: string[] = [];
    const values: unknown[] = [id];
    for (const [field, value] of Object.entries(patch) as [keyof MerchantPatch, unknown][]) {
      if (value === undefined) continue;
      values.push(field === 'feeSchedule' && value !== null ? JSON.stringify(value) : value);
      sets.push(`${columns[field]} = $${values.length}`);
    }
    if (sets.length === 0) return this.findMerchant(id);
    const rows = await queryRows(this.dataSource.manager, `UPDATE merchants SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 RETURNING *`, values);
    return rows.length ? hydrate(this.dataSource.manager, MerchantEntity, rows[0]) : null;
  }

  /** Seeds an app (development and tests): inserted, or its name and both modes' settings overwritten. */
  async upsertApp(app: NewApp, em: EntityManager = this.dataSource.manager): Promise<void> {
    await em.query(
      `INSERT INTO apps (id, merchant_id, name) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()`,
      [app.id, app.merchantId, app.name],
    );
    await this.insertWebhookSettings(app, em, `ON CONFLICT (app_id, mode) DO UPDATE SET url = EXCLUDED.url, secret_ciphertext = EXCLUDED.secret_ciphertext, updated_at = now()`);
  }

  /** Inserts a new app with its settings in both modes and returns it as stored. */
  async createApp(app: NewApp, em: EntityManager = this.dataSource.manager): Promise<AppEntity> {
    const rows = await queryRows(em, `INSERT INTO apps (id, merchant_id, name) VALUES ($1, $2, $3) RETURNING *`, [app.id, app.merchantId, app.name]);
    await this.insertWebhookSettings(app, em, '');
    return hydrate(em, AppEntity, rows[0]);
  }

  private async insertWebhookSettings(app: NewApp, em: EntityManager, onConflict: string): Promise<void> {
    const modes: Mode[] = ['test', 'live'];
    await em.query(
      `INSERT INTO app_webhook_settings (app_id, mode, url, secret_ciphertext)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[]) ${onConflict}`,
      [app.id, modes, modes.map((m) => app.webhooks[m].url), modes.map((m) => app.webhooks[m].secretCiphertext)],
    );
  }

  /**
   * Updates an app of this merchant and, when the patch has a URL, that URL in `mode` only, in one
   * transaction; answers with the app and its settings in `mode`, or null when it has no such app.
   */
  async updateApp(id: string, merchantId: string, mode: Mode, patch: AppPatch): Promise<AppInMode | null> {
    return this.dataSource.transaction(async (em) => {
      const rows = await queryRows(
        em,
        `UPDATE apps SET name = COALESCE($3, name), status = COALESCE($4, status), updated_at = now()
          WHERE id = $1 AND merchant_id = $2 RETURNING *`,
        [id, merchantId, patch.name ?? null, patch.status ?? null],
      );
      if (rows.length === 0) return null;
      const settings = await queryRows(
        em,
        `UPDATE app_webhook_settings SET url = CASE WHEN $3::boolean THEN $4 ELSE url END,
                updated_at = CASE WHEN $3::boolean THEN now() ELSE updated_at END
          WHERE app_id = $1 AND mode = $2 RETURNING *`,
        [id, mode, patch.webhookUrl !== undefined, patch.webhookUrl ?? null],
      );
      return { app: hydrate(em, AppEntity, rows[0]), webhook: hydrate(em, AppWebhookSettingsEntity, settings[0]) };
    });
  }

  /** The webhook settings of these apps in one mode (never the other mode's). */
  webhookSettingsOf(appIds: string[], mode: Mode, em: EntityManager = this.dataSource.manager): Promise<AppWebhookSettingsEntity[]> {
    if (appIds.length === 0) return Promise.resolve([]);
    return em
      .createQueryBuilder(AppWebhookSettingsEntity, 's')
      .where('s.app_id = ANY(:appIds)', { appIds })
      .andWhere('s.mode = :mode', { mode })
      .getMany();
  }

  /** One page of a merchant's apps, oldest first, after the position of the previous page's last app. */
  async listApps(merchantId: string, limit: number, after?: PagePosition): Promise<{ app: AppEntity; position: PagePosition }[]> {
    const where = new Where().and(sql`merchant_id = ${merchantId}`).andIf(after, (position) => newerThan(position));
    const rows = await rowsOf(this.dataSource.manager, sql`SELECT *, ${exactCreatedAt()} AS created_at_exact FROM apps
        WHERE ${where.toSql()} ORDER BY created_at, id LIMIT ${limit}`);
    return rows.map((row) => ({ app: hydrate(this.dataSource.manager, AppEntity, row), position: positionOf(row) }));
  }

  /** Keys that still work (not revoked, not expired) of these apps. */
  activeKeysOfApps(appIds: string[], em: EntityManager = this.dataSource.manager): Promise<ApiKeyEntity[]> {
    if (appIds.length === 0) return Promise.resolve([]);
    return em
      .createQueryBuilder(ApiKeyEntity, 'k')
      .where('k.app_id = ANY(:appIds)', { appIds })
      .andWhere('k.revoked_at IS NULL')
      .andWhere('(k.expires_at IS NULL OR k.expires_at > now())')
      .orderBy('k.created_at', 'ASC')
      .getMany();
  }

  listKeys(merchantId: string): Promise<ApiKeyEntity[]> {
    return this.dataSource.manager.find(ApiKeyEntity, { where: { merchantId }, order: { createdAt: 'ASC' } });
  }

  findKey(id: string): Promise<ApiKeyEntity | null> {
    return this.dataSource.manager.findOneBy(ApiKeyEntity, { id });
  }

  /** Adds a key; adding the same key (same hash) again changes nothing. */
  async insertKey(key: NewApiKey, em: EntityManager = this.dataSource.manager): Promise<void> {
    await em.query(
      `INSERT INTO api_keys (id, merchant_id, app_id, kind, mode, key_hash, key_hint) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (key_hash) DO NOTHING`,
      [key.id, key.merchantId, key.appId, key.kind, key.mode, key.keyHash, key.keyHint],
    );
  }

  /** Revokes a key now; false when it does not exist or was already revoked. */
  async revokeKey(id: string): Promise<boolean> {
    const rows = await queryRows(this.dataSource.manager, `UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id`, [id]);
    return rows.length === 1;
  }

  /**
   * Rotation: the new key is added and the old one stops working after `graceSeconds` (at once
   * when 0), in one transaction so there is never a moment with neither key.
   */
  async rotateKey(oldKeyId: string, replacement: NewApiKey, graceSeconds: number): Promise<boolean> {
    return this.dataSource.transaction(async (em) => {
      const old = await queryRows(
        em,
        `UPDATE api_keys
            SET revoked_at = CASE WHEN $2 = 0 THEN now() ELSE revoked_at END,
                expires_at = CASE WHEN $2 > 0 THEN LEAST(COALESCE(expires_at, 'infinity'), now() + make_interval(secs => $2)) ELSE expires_at END
          WHERE id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now()) RETURNING id`,
        [oldKeyId, graceSeconds],
      );
      if (old.length === 0) return false;
      await this.insertKey(replacement, em);
      return true;
    });
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
