import { DeliveryLog, MemoryDeliveryLog } from './delivery-log';
import { HeaderBag, KNOWN_EVENT_TYPES, verifyWebhook, WebhookEvent } from './verify-webhook';

export interface WebhookHandlerOptions {
  /** The webhook secret of the mode this endpoint receives (test and live have their own); during a rotation, both the old and the new one. */
  secrets: string | readonly string[];
  /** The one mode this endpoint receives, if only one: deliveries of the other mode are refused (see VerifyOptions.mode). */
  mode?: 'test' | 'live';
  /** Does the work for one event. Throw to have the service deliver it again later. */
  onEvent: (event: WebhookEvent, delivery: { deliveryId: string }) => Promise<void>;
  /** Dedupe store; default: in this process's memory. */
  deliveryLog?: DeliveryLog;
  toleranceSeconds?: number;
}

export interface WebhookReply {
  status: number;
  body: string;
}

/**
 * A framework-neutral webhook endpoint: give it the raw body and the headers, send back the
 * status and body it returns. It verifies, ignores unknown event types (answering 200, as the
 * spec asks), processes each delivery once (duplicates get 200), and answers 500 when `onEvent`
 * throws so the service retries.
 */
export function createWebhookHandler(options: WebhookHandlerOptions): (request: { rawBody: Buffer | string; headers: HeaderBag }) => Promise<WebhookReply> {
  const log = options.deliveryLog ?? new MemoryDeliveryLog();
  return async ({ rawBody, headers }) => {
    const verified = verifyWebhook({ rawBody, headers, secrets: options.secrets, mode: options.mode, toleranceSeconds: options.toleranceSeconds });
    if (!verified.ok) return { status: 400, body: verified.reason };
    if (!(KNOWN_EVENT_TYPES as readonly string[]).includes(verified.event.type)) return { status: 200, body: 'ignored' };

    const state = await log.begin(verified.deliveryId);
    if (state === 'done') return { status: 200, body: 'duplicate' };
    // Another copy is being processed right now: answer non-2xx so the service tries again later.
    if (state === 'busy') return { status: 409, body: 'in progress' };
    try {
      await options.onEvent(verified.event, { deliveryId: verified.deliveryId });
    } catch {
      await log.release(verified.deliveryId);
      return { status: 500, body: 'failed' };
    }
    await log.complete(verified.deliveryId);
    return { status: 200, body: 'ok' };
  };
}
