import { Column, Entity, PrimaryColumn } from 'typeorm';

export type AppStatus = 'active' | 'disabled';

@Entity('apps')
export class AppEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId!: string;
  @Column('text') name!: string;
  @Column('text', { name: 'webhook_url', nullable: true }) webhookUrl!: string | null;
  /** AES-256-GCM, see SecretBox; the plain secret is shown to the merchant once. */
  @Column('text', { name: 'webhook_secret_ciphertext' }) webhookSecretCiphertext!: string;
  @Column('text', { name: 'previous_webhook_secret_ciphertext', nullable: true })
  previousWebhookSecretCiphertext!: string | null;
  @Column('timestamptz', { name: 'previous_webhook_secret_expires_at', nullable: true })
  previousWebhookSecretExpiresAt!: Date | null;
  @Column('text') status!: AppStatus;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
