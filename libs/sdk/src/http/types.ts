import type { components, paths } from '../generated/openapi';

/**
 * Request and response types picked from the generated OpenAPI types, so every method's types
 * are the API's own: a changed document changes them (and the drift test fails until regenerated).
 */
export type Schemas = components['schemas'];

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body an operation takes. */
export type BodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;

/** The query parameters an operation takes. */
export type QueryOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The `data` of an operation's success envelope. */
export type DataOf<P extends keyof paths, M extends keyof paths[P], S extends number = 200> = paths[P][M] extends { responses: infer R }
  ? S extends keyof R
    ? Json<R[S]> extends { data: infer D }
      ? D
      : never
    : never
  : never;

export type Transaction = Schemas['TransactionSchema'];
export type App = Schemas['AppSchema'];
export type AppCreated = Schemas['AppCreatedSchema'];
export type Balance = Schemas['BalanceSchema'];
export type MomoEvent = Schemas['EventSchema'];
export type WebhookDelivery = Schemas['WebhookDeliverySchema'];
export type WebhookDeliveryDetail = Schemas['WebhookDeliveryDetailSchema'];
export type RotatedSecret = Schemas['RotatedSecretSchema'];
export type Pagination = Schemas['PaginationSchema'];
export type ErrorEnvelope = Schemas['ErrorEnvelopeSchema'];

export type CreatePaymentParams = BodyOf<'/v1/payments', 'post'>;
export type CreatePayoutParams = BodyOf<'/v1/payouts', 'post'>;
export type RefundParams = BodyOf<'/v1/payments/{id}/refund', 'post'>;
export type CreateAppParams = BodyOf<'/v1/apps', 'post'>;
export type UpdateAppParams = BodyOf<'/v1/apps/{id}', 'patch'>;
export type RotateWebhookSecretParams = BodyOf<'/v1/apps/{id}/webhook-secret/rotate', 'post'>;
export type ListPaymentsParams = QueryOf<'/v1/payments', 'get'>;
export type ListAppsParams = QueryOf<'/v1/apps', 'get'>;
export type ListEventsParams = QueryOf<'/v1/events', 'get'>;
export type ListWebhookDeliveriesParams = QueryOf<'/v1/webhook-deliveries', 'get'>;

export type BalanceTransaction = Schemas['BalanceTransactionSchema'];
export type Balances = Schemas['BalancesSchema'];
export type Settlement = Schemas['SettlementSchema'];
export type SettledTransaction = Schemas['SettledTransactionSchema'];
export type SettlementWallet = Schemas['SettlementWalletSchema'];
export type Statement = Schemas['StatementSchema'];

export type ListBalanceTransactionsParams = QueryOf<'/v1/balance-transactions', 'get'>;
export type ListSettlementsParams = QueryOf<'/v1/settlements', 'get'>;
export type ListSettledTransactionsParams = QueryOf<'/v1/settlements/{id}/transactions', 'get'>;
/** `from` inclusive, `to` exclusive (ISO 8601 with time zone); at most 93 days. */
export type StatementParams = Omit<QueryOf<'/v1/statements', 'get'>, 'format'>;
export type SetSettlementWalletParams = BodyOf<'/v1/settlement-wallet', 'put'>;
export type CreateWithdrawalParams = BodyOf<'/v1/withdrawals', 'post'>;
