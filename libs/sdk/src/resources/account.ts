import { PageList } from '../http/pagination';
import type {
  App,
  AppCreated,
  Balance,
  CreateAppParams,
  ListAppsParams,
  ListEventsParams,
  ListWebhookDeliveriesParams,
  MomoEvent,
  RotatedSecret,
  RotateWebhookSecretParams,
  UpdateAppParams,
  WebhookDelivery,
  WebhookDeliveryDetail,
} from '../http/types';
import { RequestOptions, Resource, segment } from './resource';

/** Apps: account keys. */
export class Apps extends Resource {
  /** POST /v1/apps: the app with its webhook secret and first keys, shown only in this answer. */
  create(params: CreateAppParams, options?: RequestOptions): Promise<AppCreated> {
    return this.data({ method: 'POST', path: '/v1/apps', body: params, idempotent: true, options });
  }

  list(params: ListAppsParams = {}, options?: RequestOptions): PageList<App> {
    return new PageList(this.http, { method: 'GET', path: '/v1/apps', query: params, options });
  }

  get(id: string, options?: RequestOptions): Promise<App> {
    return this.data({ method: 'GET', path: `/v1/apps/${segment(id)}`, options });
  }

  /** PATCH /v1/apps/:id: rename, change or remove the webhook URL, disable or re-enable. Setting values twice changes nothing, so it is retried. */
  update(id: string, params: UpdateAppParams, options?: RequestOptions): Promise<App> {
    return this.data({ method: 'PATCH', path: `/v1/apps/${segment(id)}`, body: params, safety: 'idempotent', options });
  }

  /** POST /v1/apps/:id/webhook-secret/rotate. Never retried after a timeout (a second rotation would replace the new secret). */
  rotateWebhookSecret(id: string, params: RotateWebhookSecretParams = {}, options?: RequestOptions): Promise<RotatedSecret> {
    return this.data({ method: 'POST', path: `/v1/apps/${segment(id)}/webhook-secret/rotate`, body: params, safety: 'unsafe', options });
  }
}

/** GET /v1/balance: app or account keys, in the key's mode. */
export class BalanceResource extends Resource {
  get(options?: RequestOptions): Promise<Balance> {
    return this.data({ method: 'GET', path: '/v1/balance', options });
  }
}

/** Every event that was or will be sent as a webhook, with the same body. */
export class Events extends Resource {
  list(params: ListEventsParams = {}, options?: RequestOptions): PageList<MomoEvent> {
    return new PageList(this.http, { method: 'GET', path: '/v1/events', query: params, options });
  }

  get(id: string, options?: RequestOptions): Promise<MomoEvent> {
    return this.data({ method: 'GET', path: `/v1/events/${segment(id)}`, options });
  }
}

/** The delivery log: account keys. */
export class WebhookDeliveries extends Resource {
  list(params: ListWebhookDeliveriesParams = {}, options?: RequestOptions): PageList<WebhookDelivery> {
    return new PageList(this.http, { method: 'GET', path: '/v1/webhook-deliveries', query: params, options });
  }

  get(id: string, options?: RequestOptions): Promise<WebhookDeliveryDetail> {
    return this.data({ method: 'GET', path: `/v1/webhook-deliveries/${segment(id)}`, options });
  }

  /** Sends the delivery again now (same body and X-Service-Delivery): repeating it only sends again, so it is retried. */
  replay(id: string, options?: RequestOptions): Promise<WebhookDelivery> {
    return this.data({ method: 'POST', path: `/v1/webhook-deliveries/${segment(id)}/replay`, safety: 'idempotent', options });
  }
}
