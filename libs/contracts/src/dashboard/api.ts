export type { WebhookAttemptView, WebhookDeliveryDetailView, WebhookDeliveryView } from '../http/webhook-delivery.views';
import type { WebhookDeliveryDetailView } from '../http/webhook-delivery.views';
/**
 * The merchant dashboard's JSON API (/dashboard-api), as types shared by the server
 * (apps/merchant-dashboard) and the single-page app (apps/merchant-dashboard-web): the page and
 * the server are compiled against the same shapes, so they cannot drift. Types only: the SPA
 * imports nothing from here at run time.
 */
import type { TransactionView } from '../http/transaction.view';
import type { BalanceView } from '../http/views';

export type { TransactionView, BalanceView };

export type DashboardMode = 'test' | 'live';
export type DashboardRoleName = 'owner' | 'developer' | 'viewer';

/** What a role may do, per mode; the server checks every request against the same table. */
export type DashboardPermission = 'refund' | 'test_money' | 'manage_apps' | 'replay' | 'manage_users' | 'read_audit';

export interface DashboardUserView {
  id: string;
  email: string;
  name: string;
  role: DashboardRoleName;
  live_access: boolean;
  status: 'active' | 'invited' | 'disabled';
  last_sign_in_at: string | null;
  created_at: string;
}

export interface SessionView {
  user: DashboardUserView;
  merchant: { id: string; name: string; business_verified: boolean; status: 'active' | 'suspended' };
  /** Send it back as the X-CSRF-Token header on every request that changes something. */
  csrf_token: string;
  /** The modes this user may open (live needs a verified business and live access). */
  modes: DashboardMode[];
  permissions: Record<DashboardMode, DashboardPermission[]>;
  expires_at: string;
}

export interface SignInRequest {
  email: string;
  password: string;
}

export interface AcceptInviteRequest {
  token: string;
  password: string;
  name?: string;
}

export interface DailyVolumeView {
  day: string;
  network: 'mtn' | 'airtel';
  direction: 'collect' | 'payout';
  succeeded_count: number;
  failed_count: number;
  pending_count: number;
  succeeded_amount: number;
}

export interface OverviewView {
  mode: DashboardMode;
  balance: BalanceView;
  days: DailyVolumeView[];
  attention: { failing_deliveries: number; abandoned_deliveries: number; long_pending_transactions: number; pending_minutes: number };
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export interface TransactionQuery {
  status?: 'pending' | 'succeeded' | 'failed';
  direction?: 'collect' | 'payout';
  network?: 'mtn' | 'airtel';
  app_id?: string;
  created_from?: string;
  created_to?: string;
  /** A transaction id, a reference, or a phone number. */
  q?: string;
  cursor?: string;
  limit?: number;
}

export interface TransactionRowView extends TransactionView {
  app_name: string;
}

export type TimelineKind = 'created' | 'operator_request' | 'operator_callback' | 'reconciliation' | 'exception' | 'status' | 'refund' | 'webhook_attempt';

export interface TimelineEntryView {
  at: string;
  kind: TimelineKind;
  title: string;
  detail: string | null;
  tone: 'success' | 'failure' | 'neutral';
  /** e.g. an operator request's status and body, a webhook attempt's status code. */
  facts: { label: string; value: string }[];
  /** A body to show as code (operator answers, webhook responses). */
  body: string | null;
}


export interface TransactionDetailView {
  transaction: TransactionView;
  app: { id: string; name: string; status: 'active' | 'disabled' };
  timeline: TimelineEntryView[];
  refunds: TransactionView[];
  deliveries: WebhookDeliveryDetailView[];
  /** Remaining refundable amount (a refund pending or succeeded blocks another). */
  refundable: boolean;
}

export interface RefundRequest {
  amount?: number;
  reason?: string;
}

export interface TestMoneyRequest {
  kind: 'payment' | 'payout';
  app_id: string;
  amount: number;
  msisdn: string;
  description?: string;
}

export interface ApiKeySummaryView {
  id: string;
  mode: DashboardMode;
  hint: string;
  created_at: string;
  expires_at: string | null;
}

export interface AppSummaryView {
  id: string;
  name: string;
  status: 'active' | 'disabled';
  /** The webhook URL of this mode. */
  webhook_url: string | null;
  /** Set while the previous signing secret still signs beside the new one. */
  previous_secret_expires_at: string | null;
  keys: ApiKeySummaryView[];
  deliveries: { delivered: number; pending: number; abandoned: number };
  created_at: string;
}

export interface CreateAppRequest {
  name: string;
  webhook_url?: string | null;
}

/** A new app: its webhook signing secret and its first key of this mode, shown once. */
export interface CreatedAppView {
  app: AppSummaryView;
  webhook_secret: string;
  api_key: string;
}

export interface UpdateAppRequest {
  name?: string;
  webhook_url?: string | null;
  status?: 'active' | 'disabled';
}

/** A secret or key, shown in this one answer and never again. */
export interface ShownOnceView {
  app_id: string;
  secret: string;
  /** For keys: the stored key's id and hint. */
  key?: ApiKeySummaryView;
  /** For webhook secret rotation: until when the old secret still signs. */
  previous_secret_expires_at?: string;
}

export interface RotateSecretRequest {
  /** How long the old secret keeps signing, in seconds (0: stop at once; default 24 h). */
  overlap_seconds?: number;
}

export interface DeliveryQuery {
  status?: 'pending' | 'delivered' | 'abandoned';
  event_type?: string;
  created_from?: string;
  created_to?: string;
  cursor?: string;
  limit?: number;
}

export interface ReplayAllView {
  replayed: number;
}

export interface InviteUserRequest {
  email: string;
  role: DashboardRoleName;
  live_access?: boolean;
}

export interface InvitationView {
  user: DashboardUserView;
  /** The one-time link that lets the person set their password; shown once. */
  invite_url: string;
  expires_at: string;
}

export interface UpdateUserRequest {
  role?: DashboardRoleName;
  live_access?: boolean;
  disabled?: boolean;
}

export interface AuditEntryView {
  id: string;
  at: string;
  actor: string;
  action: string;
  mode: DashboardMode | null;
  target: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
}

/** Success answers carry `data`; errors are the API's error envelope. */
export interface DashboardOk<T> {
  success: true;
  data: T;
}

export interface DashboardError {
  status: 'error';
  message: string;
  timestamp: string;
  code: string;
  details?: Record<string, unknown>;
}
