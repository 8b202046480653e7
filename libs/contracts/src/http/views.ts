import type { Mode } from '@momo/domain';

/** An app as GET /v1/apps lists it: never its webhook secret or keys, only key hints. */
export interface AppView {
  id: string;
  merchant_id: string;
  name: string;
  webhook_url: string | null;
  status: 'active' | 'disabled';
  api_keys: ApiKeyView[];
  created_at: string;
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
