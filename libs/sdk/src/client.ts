import { HttpClient, MomoClientOptions } from './http/http-client';
import { Apps, BalanceResource, Events, WebhookDeliveries } from './resources/account';
import { Payments, Payouts, Refunds } from './resources/payments';
import { BalanceTransactions, SettlementWallets, Settlements, Statements, Withdrawals } from './resources/settlement';

/**
 * The client: one resource per part of the API, one method per endpoint.
 *
 *   const momo = new Momo({ apiKey: settings.momoApiKey, baseUrl: 'https://…' }); // the key from your own secret store
 *   const payment = await momo.payments.create({ amount: 1500, msisdn: '0788123456', reference: 'order-1' });
 */
export class Momo {
  readonly payments: Payments;
  readonly payouts: Payouts;
  readonly refunds: Refunds;
  readonly apps: Apps;
  readonly balance: BalanceResource;
  readonly events: Events;
  readonly webhookDeliveries: WebhookDeliveries;
  readonly balanceTransactions: BalanceTransactions;
  readonly settlements: Settlements;
  readonly statements: Statements;
  readonly settlementWallet: SettlementWallets;
  readonly withdrawals: Withdrawals;
  /** The transport, for endpoints newer than this SDK version: `momo.http.request({ method, path, … })`. */
  readonly http: HttpClient;

  constructor(options: MomoClientOptions) {
    this.http = new HttpClient(options);
    this.payments = new Payments(this.http);
    this.payouts = new Payouts(this.http);
    this.refunds = new Refunds(this.http);
    this.apps = new Apps(this.http);
    this.balance = new BalanceResource(this.http);
    this.events = new Events(this.http);
    this.webhookDeliveries = new WebhookDeliveries(this.http);
    this.balanceTransactions = new BalanceTransactions(this.http);
    this.settlements = new Settlements(this.http);
    this.statements = new Statements(this.http);
    this.settlementWallet = new SettlementWallets(this.http);
    this.withdrawals = new Withdrawals(this.http);
  }
}

/**
 * Which SDK method serves each operation of the API (`METHOD /path` as in the OpenAPI document).
 * A test compares it with the document the running gateway serves: a new endpoint without a
 * method here fails it. `refunds.create` is a second name for `payments.refund`;
 * `statements.csv` is `GET /v1/statements?format=csv`.
 */
export const ENDPOINT_METHODS: Record<string, string> = {
  'POST /v1/payments': 'payments.create',
  'GET /v1/payments': 'payments.list',
  'GET /v1/payments/{id}': 'payments.get',
  'POST /v1/payments/{id}/refund': 'payments.refund',
  'POST /v1/payouts': 'payouts.create',
  'POST /v1/apps': 'apps.create',
  'GET /v1/apps': 'apps.list',
  'GET /v1/apps/{id}': 'apps.get',
  'PATCH /v1/apps/{id}': 'apps.update',
  'POST /v1/apps/{id}/webhook-secret/rotate': 'apps.rotateWebhookSecret',
  'GET /v1/balance': 'balance.get',
  'GET /v1/balance-transactions': 'balanceTransactions.list',
  'GET /v1/settlements': 'settlements.list',
  'GET /v1/settlements/{id}': 'settlements.get',
  'GET /v1/settlements/{id}/transactions': 'settlements.transactions',
  'GET /v1/statements': 'statements.get',
  'GET /v1/settlement-wallet': 'settlementWallet.get',
  'PUT /v1/settlement-wallet': 'settlementWallet.set',
  'POST /v1/withdrawals': 'withdrawals.create',
  'GET /v1/events': 'events.list',
  'GET /v1/events/{id}': 'events.get',
  'GET /v1/webhook-deliveries': 'webhookDeliveries.list',
  'GET /v1/webhook-deliveries/{id}': 'webhookDeliveries.get',
  'POST /v1/webhook-deliveries/{id}/replay': 'webhookDeliveries.replay',
};
