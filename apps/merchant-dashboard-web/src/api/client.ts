import type {
  AcceptInviteRequest,
  AppSummaryView,
  AuditEntryView,
  CreateAppRequest,
  CreatedAppView,
  DashboardError,
  DashboardMode,
  DashboardOk,
  DashboardUserView,
  DeliveryQuery,
  InvitationView,
  InviteUserRequest,
  OverviewView,
  Page,
  RefundRequest,
  ReplayAllView,
  RotateSecretRequest,
  SessionView,
  ShownOnceView,
  SignInRequest,
  TestMoneyRequest,
  TransactionDetailView,
  TransactionQuery,
  TransactionRowView,
  TransactionView,
  UpdateAppRequest,
  UpdateUserRequest,
  WebhookDeliveryDetailView,
  WebhookDeliveryView,
} from '@momo/contracts/dashboard';

/**
 * The one client of the dashboard API. Its types are the server's own (libs/contracts/dashboard),
 * so a change of shape on either side fails the build. The session lives in an HttpOnly cookie the
 * page never sees; every request that changes something carries the session's CSRF token.
 */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** Per-field messages of a VALIDATION_FAILED answer, joined. */
  get fieldMessages(): string | null {
    const fields = this.details?.fields as Record<string, string[]> | undefined;
    return fields ? Object.values(fields).flat().join('; ') : null;
  }
}

let csrfToken: string | null = null;

export function rememberCsrfToken(token: string | null): void {
  csrfToken = token;
}

async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`/dashboard-api${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(method !== 'GET' && csrfToken ? { 'x-csrf-token': csrfToken } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiFailure(response.status, 'UNREADABLE_ANSWER', 'The server sent an answer the page could not read.');
  }
  if (!response.ok) {
    const error = parsed as Partial<DashboardError> | undefined;
    throw new ApiFailure(response.status, error?.code ?? 'HTTP_ERROR', error?.message ?? `Request failed (HTTP ${response.status}).`, error?.details);
  }
  return (parsed as DashboardOk<T>).data;
}

function query(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const m = (mode: DashboardMode) => `/${mode}`;

export const api = {
  session: () => call<SessionView | null>('GET', '/session'),
  signIn: (body: SignInRequest) => call<SessionView>('POST', '/session', body),
  signOut: () => call<{ signed_out: number }>('DELETE', '/session'),
  signOutEverywhere: () => call<{ signed_out: number }>('POST', '/session/sign-out-everywhere'),
  acceptInvitation: (body: AcceptInviteRequest) => call<SessionView>('POST', '/invitations/accept', body),

  overview: (mode: DashboardMode) => call<OverviewView>('GET', `${m(mode)}/overview`),

  transactions: (mode: DashboardMode, q: TransactionQuery) => call<Page<TransactionRowView>>('GET', `${m(mode)}/transactions${query(q)}`),
  transactionsCsvUrl: (mode: DashboardMode, q: TransactionQuery) => `/dashboard-api${m(mode)}/transactions/export.csv${query({ ...q, cursor: undefined, limit: undefined })}`,
  transaction: (mode: DashboardMode, id: string) => call<TransactionDetailView>('GET', `${m(mode)}/transactions/${encodeURIComponent(id)}`),
  refund: (mode: DashboardMode, id: string, body: RefundRequest, idempotencyKey: string) =>
    call<TransactionView>('POST', `${m(mode)}/transactions/${encodeURIComponent(id)}/refund`, body, { 'idempotency-key': idempotencyKey }),
  testMoney: (body: TestMoneyRequest, idempotencyKey: string) => call<TransactionView>('POST', '/test/test-money', body, { 'idempotency-key': idempotencyKey }),

  apps: (mode: DashboardMode) => call<AppSummaryView[]>('GET', `${m(mode)}/apps`),
  createApp: (mode: DashboardMode, body: CreateAppRequest) => call<CreatedAppView>('POST', `${m(mode)}/apps`, body),
  updateApp: (mode: DashboardMode, id: string, body: UpdateAppRequest) => call<AppSummaryView>('PATCH', `${m(mode)}/apps/${id}`, body),
  rotateSecret: (mode: DashboardMode, id: string, body: RotateSecretRequest) => call<ShownOnceView>('POST', `${m(mode)}/apps/${id}/webhook-secret/rotate`, body),
  issueKey: (mode: DashboardMode, appId: string) => call<ShownOnceView>('POST', `${m(mode)}/apps/${appId}/keys`, {}),
  rotateKey: (mode: DashboardMode, keyId: string, graceSeconds: number) => call<ShownOnceView>('POST', `${m(mode)}/keys/${keyId}/rotate`, { grace_seconds: graceSeconds }),
  revokeKey: (mode: DashboardMode, keyId: string) => call<{ revoked: true }>('POST', `${m(mode)}/keys/${keyId}/revoke`, {}),

  deliveries: (mode: DashboardMode, appId: string, q: DeliveryQuery) => call<Page<WebhookDeliveryView>>('GET', `${m(mode)}/apps/${appId}/deliveries${query(q)}`),
  delivery: (mode: DashboardMode, id: string) => call<WebhookDeliveryDetailView>('GET', `${m(mode)}/deliveries/${id}`),
  replay: (mode: DashboardMode, id: string) => call<WebhookDeliveryView>('POST', `${m(mode)}/deliveries/${id}/replay`, {}),
  replayAbandoned: (mode: DashboardMode, appId: string) => call<ReplayAllView>('POST', `${m(mode)}/apps/${appId}/deliveries/replay-abandoned`, {}),

  users: () => call<DashboardUserView[]>('GET', '/users'),
  inviteUser: (body: InviteUserRequest) => call<InvitationView>('POST', '/users', body),
  updateUser: (id: string, body: UpdateUserRequest) => call<DashboardUserView>('PATCH', `/users/${id}`, body),
  auditLog: (cursor?: string) => call<Page<AuditEntryView>>('GET', `/audit-log${query({ cursor })}`),
};
