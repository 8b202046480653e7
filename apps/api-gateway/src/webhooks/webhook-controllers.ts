import { WebhookDeliveriesController } from './webhook-deliveries.controller';
import { WebhookSecretsController } from './webhook-secrets.controller';

/**
 * The merchant-facing webhook endpoints (delivery log, replay, secret rotation). They sit in the
 * gateway's root module, beside the other /v1 controllers, so ApiKeyGuard and its cache, rate
 * limiter and invalidations are the one shared instance.
 */
export const WEBHOOK_CONTROLLERS = [WebhookDeliveriesController, WebhookSecretsController];
