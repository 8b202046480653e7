import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiKeyView, AppCreatedView, AppView, BalanceView, ErrorEnvelope, Pagination, TransactionView, WebhookSettingsView } from '@momo/contracts';
import { DIRECTIONS, INITIATORS, MODES, NETWORKS, PROVIDERS, TRANSACTION_STATUSES } from '@momo/domain';
import type { Direction, InitiatedBy, Mode, Network, Provider, TransactionStatus } from '@momo/domain';

/**
 * Response shapes for the OpenAPI document. Each class implements the contract type it
 * documents, so the document and the code cannot drift apart silently.
 */

const timestamp = { type: String, format: 'date-time', example: '2026-01-01T00:00:00.000Z' };
const uuid = { type: String, format: 'uuid' };

export class TransactionSchema implements TransactionView {
  @ApiProperty(uuid) id!: string;
  @ApiProperty(uuid) merchant_id!: string;
  @ApiProperty(uuid) app_id!: string;
  @ApiProperty({ enum: MODES }) mode!: Mode;
  @ApiProperty({ enum: DIRECTIONS, description: 'collect: cash in; payout: cash out (refunds included).' }) direction!: Direction;
  @ApiProperty({ type: 'integer', minimum: 100, example: 2500 }) amount!: number;
  @ApiProperty({ enum: ['RWF'] }) currency!: 'RWF';
  @ApiProperty({ type: 'integer', minimum: 0, example: 50 }) fee!: number;
  @ApiProperty({ example: '250788123456', pattern: '^250[0-9]{9}$' }) msisdn!: string;
  @ApiProperty() description!: string;
  @ApiProperty() reference!: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) metadata!: Record<string, string>;
  @ApiProperty({ enum: TRANSACTION_STATUSES, description: 'pending -> succeeded | failed; never moves back.' }) status!: TransactionStatus;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed (see docs/errors.md); null otherwise.' }) failure_code!: string | null;
  @ApiProperty({ type: String, nullable: true }) failure_message!: string | null;
  @ApiProperty({ enum: NETWORKS }) network!: Network;
  @ApiProperty({ enum: PROVIDERS }) provider!: Provider;
  @ApiProperty({ description: "The operator's reference; empty until it gives one." }) provider_ref!: string;
  @ApiProperty({ enum: INITIATORS }) initiated_by!: InitiatedBy;
  @ApiProperty({ ...uuid, nullable: true, description: 'On a refund: the payment it reverses.' }) reverses_payment_id!: string | null;
  @ApiProperty(timestamp) created_at!: string;
  @ApiProperty(timestamp) updated_at!: string;
  @ApiProperty({ ...timestamp, nullable: true }) completed_at!: string | null;
  @ApiProperty({ ...timestamp, nullable: true }) settled_at!: string | null;
}

export class PaginationSchema implements Pagination {
  @ApiProperty({ type: 'integer' }) limit!: number;
  @ApiProperty() has_more!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.' }) next_cursor!: string | null;
}

export class TransactionEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: TransactionSchema }) data!: TransactionSchema;
}

export class TransactionListEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: [TransactionSchema] }) data!: TransactionSchema[];
  @ApiProperty({ type: PaginationSchema }) pagination!: PaginationSchema;
}

export class ApiKeySchema implements ApiKeyView {
  @ApiProperty(uuid) id!: string;
  @ApiProperty({ enum: MODES }) mode!: Mode;
  @ApiProperty({ example: 'sk_test_…a1B2', description: 'Prefix and last four characters.' }) hint!: string;
  @ApiProperty(timestamp) created_at!: string;
  @ApiProperty({ ...timestamp, nullable: true, description: 'Set while a rotated key is in its grace period.' }) expires_at!: string | null;
}

export class WebhookSettingsSchema implements WebhookSettingsView {
  @ApiProperty({ enum: MODES }) mode!: Mode;
  @ApiProperty({ type: String, nullable: true, format: 'uri', description: "Where this mode's events go; null: none are sent (poll instead)." }) url!: string | null;
  @ApiProperty({ ...timestamp, nullable: true, description: 'While a rotation window is open: until then deliveries carry a second signature made with the previous secret.' })
  previous_secret_expires_at!: string | null;
  @ApiProperty(timestamp) updated_at!: string;
}

export class WebhookSettingsByModeSchema {
  @ApiPropertyOptional({ type: WebhookSettingsSchema, description: 'Present only for a test key.' }) test?: WebhookSettingsSchema;
  @ApiPropertyOptional({ type: WebhookSettingsSchema, description: 'Present only for a live key.' }) live?: WebhookSettingsSchema;
}

export class AppSchema implements AppView {
  @ApiProperty(uuid) id!: string;
  @ApiProperty(uuid) merchant_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true, format: 'uri', description: "The webhook URL in the calling key's mode (test and live each have their own)." }) webhook_url!: string | null;
  @ApiProperty({ enum: ['active', 'disabled'] }) status!: 'active' | 'disabled';
  @ApiProperty({ type: WebhookSettingsByModeSchema, description: "Webhook settings per mode; only the calling key's mode is ever present." })
  webhooks!: WebhookSettingsByModeSchema;
  @ApiProperty({ type: [ApiKeySchema], description: "The app keys of the calling key's mode that work now (hints only)." }) api_keys!: ApiKeySchema[];
  @ApiProperty(timestamp) created_at!: string;
  @ApiProperty(timestamp) updated_at!: string;
}

export class IssuedKeysSchema {
  @ApiProperty({ example: 'sk_test_…', description: 'Shown only in this response.' }) test!: string;
  @ApiPropertyOptional({ example: 'sk_live_…', description: 'Present when the business is verified and a live account key created the app.' }) live?: string;
}

export class AppCreatedSchema extends AppSchema implements AppCreatedView {
  @ApiProperty({ example: 'whsec_…', description: "Signs the webhook deliveries of the calling key's mode; shown only in this response. The other mode has its own secret (a key of that mode rotates it to learn it)." }) webhook_secret!: string;
  @ApiProperty({ type: IssuedKeysSchema }) keys!: IssuedKeysSchema;
}

export class AppEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: AppSchema }) data!: AppSchema;
}

export class AppCreatedEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: AppCreatedSchema }) data!: AppCreatedSchema;
}

export class AppListEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: [AppSchema] }) data!: AppSchema[];
  @ApiProperty({ type: PaginationSchema }) pagination!: PaginationSchema;
}

export class BalanceSchema implements BalanceView {
  @ApiProperty({ type: 'integer', description: 'What payouts and refunds can spend now (minor units).' }) available!: number;
  @ApiProperty({ type: 'integer', description: 'Collected but not yet settled: succeeded cash ins less fees, until a settlement run (or a refund of the payment) moves them to available.' }) pending!: number;
  @ApiProperty({ type: 'integer', description: 'Held for payouts and refunds still in flight (amount + fee); leaves on success, returns to available on failure.' }) reserved!: number;
  @ApiProperty({ enum: ['RWF'] }) currency!: 'RWF';
  @ApiProperty({ enum: MODES }) mode!: Mode;
}

export class BalanceEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: BalanceSchema }) data!: BalanceSchema;
}

export class ErrorEnvelopeSchema implements ErrorEnvelope {
  @ApiProperty({ enum: ['error'] }) status!: 'error';
  @ApiProperty({ description: 'Says what was actually wrong.' }) message!: string;
  @ApiProperty(timestamp) timestamp!: string;
  @ApiProperty({ pattern: '^[A-Z][A-Z0-9_]*$', description: 'Stable; see docs/errors.md for the table.', example: 'VALIDATION_FAILED' }) code!: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Where useful: `fields` (field -> problems) on validation errors, `transaction_id` when a transaction is concerned.',
  })
  details?: Record<string, unknown>;
}
