import type { Mode } from '@momo/domain';
import type { TransactionView } from './transaction.view';

/**
 * An app as GET /v1/apps lists it: never its webhook secret or keys, only key hints. Test and
 * live are separate worlds: the webhook settings and keys shown are those of the calling key's
 * mode only (a test key never sees the live URL, nor a live key's hint).
 */
export interface AppView {
  id: string;
  merchant_id: string;
  name: string;
  /** The webhook URL in the calling key's mode (the same as `webhooks[mode].url`). */
  webhook_url: string | null;
  status: 'active' | 'disabled';
  /** Webhook settings per mode; only the calling key's mode is present. */
  webhooks: Partial<Record<Mode, WebhookSettingsView>>;
  /** The app keys of the calling key's mode that still work. */
  api_keys: ApiKeyView[];
  created_at: string;
  updated_at: string;
}

/** An app's webhook settings in one mode. The secret itself is shown only when made (creation, rotation). */
export interface WebhookSettingsView {
  mode: Mode;
  url: string | null;
  /** While a rotation window is open, deliveries carry a second signature made with the previous secret until then. */
  previous_secret_expires_at: string | null;
  updated_at: string;
}

/** What identifies a key in listings; the key itself is shown once, when issued. */
export interface ApiKeyView {
  id: string;
  mode: Mode;
  hint: string;
  created_at: string;
  expires_at: string | null;
}

/** POST /v1/apps: the app plus what is shown only in this response. */
export interface AppCreatedView extends AppView {
  /** The signing secret of the calling key's mode; the other mode's is shown when a key of that mode rotates it. */
  webhook_secret: string;
  /** The app's first keys; `live` only when the business is verified and a live account key asked. */
  keys: { test: string; live?: string };
}

/**
 * GET /v1/balance, in minor units, for the calling key's mode (docs/settlement.md). `available` is
 * what payouts and refunds can spend now; `pending` is collected but not yet settled (succeeded
 * cash ins less fees, until a settlement run moves them to available); `reserved` is held for
 * payouts and refunds still in flight (amount + fee): it leaves when they succeed and returns to
 * `available` when they fail.
 */
export interface BalanceView {
  available: number;
  pending: number;
  reserved: number;
  currency: 'RWF';
  mode: Mode;
}

/**
 * One event, as `GET /v1/events` returns it: exactly the JSON body of its webhook
 * (`id` is the event id, `created_at` when the status changed, `data` the Transaction then).
 */
export interface EventView {
  id: string;
  type: string;
  created_at: string;
  data: TransactionView;
}
