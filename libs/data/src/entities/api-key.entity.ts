import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Mode } from '@momo/domain';

export type ApiKeyKind = 'app' | 'account';

@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId!: string;
  @Column('uuid', { name: 'app_id', nullable: true }) appId!: string | null;
  @Column('text') kind!: ApiKeyKind;
  @Column('text') mode!: Mode;
  /** HMAC-SHA256(pepper, key), hex. The key itself is never stored. */
  @Column('text', { name: 'key_hash' }) keyHash!: string;
  /** Prefix and last four characters, to tell keys apart in listings. */
  @Column('text', { name: 'key_hint' }) keyHint!: string;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
  /** Set when a key is rotated with a grace period: it stops working at this time. */
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt!: Date | null;
}
