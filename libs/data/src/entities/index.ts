import { ApiKeyEntity } from './api-key.entity';
import { AppEntity, AppWebhookSettingsEntity } from './app.entity';
import { MerchantEntity } from './merchant.entity';
import { OperatorCallbackEntity, OperatorRequestEntity } from './operator-log.entity';
import { OutboxEventEntity } from './outbox-event.entity';
import { TransactionEntity } from './transaction.entity';
import { WebhookAttemptEntity, WebhookDeliveryEntity } from './webhook.entity';

export * from './column-types';
export * from './merchant.entity';
export * from './app.entity';
export * from './api-key.entity';
export * from './transaction.entity';
export * from './outbox-event.entity';
export * from './operator-log.entity';
export * from './webhook.entity';

export const ENTITIES = [
  MerchantEntity,
  AppEntity,
  AppWebhookSettingsEntity,
  ApiKeyEntity,
  TransactionEntity,
  OutboxEventEntity,
  OperatorRequestEntity,
  OperatorCallbackEntity,
  WebhookDeliveryEntity,
  WebhookAttemptEntity,
];
