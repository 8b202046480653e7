import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Mode } from '@momo/domain';
import { queryRows } from './hydrate';
import type { Table } from '../ownership';

/** The apps' webhook signing secrets (app_webhook_settings), rotated by their merchant. */
@Injectable()
export class AppsRepository {
  static readonly writes: readonly Table[] = ['app_webhook_settings'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Rotates an app's webhook signing secret in one mode (the other mode's secrets stay as they
   * are). The secret the merchant's receiver knows keeps signing until `previousExpiresAt`: if a
   * rotation window is already open, its old secret stays the previous one (a second rotation
   * only replaces the new secret). Returns null when the app is not the merchant's.
   */
  async rotateWebhookSecret(
    appId: string,
    merchantId: string,
    mode: Mode,
    newSecretCiphertext: string,
    previousExpiresAt: Date,
    now: Date,
  ): Promise<{ previousExpiresAt: Date } | null> {
    const rows = await queryRows(
      this.dataSource.manager,
      `UPDATE app_webhook_settings s
          SET previous_secret_ciphertext = CASE
                WHEN s.previous_secret_ciphertext IS NOT NULL AND s.previous_secret_expires_at > $5
                THEN s.previous_secret_ciphertext ELSE s.secret_ciphertext END,
              previous_secret_expires_at = $4,
              secret_ciphertext = $3,
              updated_at = now()
         FROM apps a
        WHERE s.app_id = $1 AND s.mode = $6 AND a.id = s.app_id AND a.merchant_id = $2
        RETURNING s.previous_secret_expires_at`,
      [appId, merchantId, newSecretCiphertext, previousExpiresAt, now, mode],
    );
    return rows.length === 1 ? { previousExpiresAt: rows[0].previous_secret_expires_at as Date } : null;
  }
}
