import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Mode } from '@momo/domain';

export type AppStatus = 'active' | 'disabled';

@Entity('apps')
export class AppEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId!: string;
  @Column('text') name!: string;
  @Column('text') status!: AppStatus;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}

/**
 * An app's webhook settings in one mode (every app has a test row and a live row): where that
 * mode's events go and the secrets that sign them. A key only ever reads or changes its own mode's row.
 */
@Entity('app_webhook_settings')
export class AppWebhookSettingsEntity {
  @PrimaryColumn('uuid', { name: 'app_id' }) appId!: string;
  @PrimaryColumn('text') mode!: Mode;
  @Column('text', { nullable: true }) url!: string | null;
  /** AES-256-GCM, see SecretBox; the plain secret is shown to the merchant once. */
  @Column('text', { name: 'secret_ciphertext' }) secretCiphertext!: string;
  @Column('text', { name: 'previous_secret_ciphertext', nullable: true }) previousSecretCiphertext!: string | null;
  @Column('timestamptz', { name: 'previous_secret_expires_at', nullable: true }) previousSecretExpiresAt!: Date | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
