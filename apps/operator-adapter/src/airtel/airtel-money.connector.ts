import { nationalNumber, truncateText } from '@momo/domain';
import { OperatorHttpClient, OperatorResponse, unauthorized } from '../http/operator-http.client';
import { refusal } from '../operators/failure-codes';
import { Initiation, operationKind, OperatorBalance, OperatorConnector, OperatorTransaction, SendableTransaction, StatusOutcome } from '../operators/operator-connector';
import { lifetimeMsOf, OperatorTokenError, TokenCache } from '../operators/token-cache';
import { objectAt, parseJson, stringAt } from '../operators/wire';
import { airtelInitiationOutcome, airtelRefundStatusOutcome, airtelStatusOutcome } from './airtel-outcomes';
import { AirtelPinEncrypter } from './airtel-pin';
import { AirtelSettings } from './airtel-settings';

/**
 * Airtel Money Open API. Our transaction id is Airtel's `transaction.id`, so a re-sent
 * disbursement is refused as a duplicate (DP00900001017) and enquiries use our id. Numbers go
 * without country code; the disbursement PIN is RSA-encrypted per request; verdicts are read from
 * the body whatever the HTTP status. Callbacks arrive on the one URL registered on Airtel's portal.
 */
export class AirtelMoneyConnector implements OperatorConnector {
  private readonly tokens: TokenCache<'api'>;
  private readonly pin: AirtelPinEncrypter;

  constructor(
    private readonly settings: AirtelSettings,
    private readonly http: OperatorHttpClient,
  ) {
    this.tokens = new TokenCache(() => this.fetchToken());
    this.pin = new AirtelPinEncrypter(settings.pinPublicKey);
  }

  async initiate(subject: OperatorTransaction): Promise<Initiation> {
    switch (operationKind(subject)) {
      case 'collect':
        return airtelInitiationOutcome(await this.collect(subject.transaction));
      case 'payout':
        return airtelInitiationOutcome(await this.disburse(subject.transaction));
      case 'refund':
        return this.refund(subject);
    }
  }

  async queryStatus(subject: OperatorTransaction): Promise<StatusOutcome> {
    const t = subject.transaction;
    const kind = operationKind(subject);
    if (kind === 'refund') return airtelRefundStatusOutcome(await this.refund(subject));
    const [path, operation] = kind === 'collect' ? ['/standard/v1/payments/', 'payments.status'] : ['/standard/v1/disbursements/', 'disbursements.status'];
    return airtelStatusOutcome(await this.call(t, operation, 'GET', `${path}${encodeURIComponent(t.id)}`));
  }

  /** Our disbursement wallet's balance at Airtel. */
  async balances(): Promise<OperatorBalance[]> {
    const response = await this.call(null, 'balance', 'GET', '/standard/v1/users/balance');
    const data = response.kind === 'response' && response.status === 200 ? objectAt(parseJson(response.body), 'data') : undefined;
    const available = Number(stringAt(data, 'balance'));
    if (!data || !Number.isFinite(available)) throw new Error('Airtel balance: no readable answer');
    return [{ account: 'airtel.disbursement', available, currency: stringAt(data, 'currency') ?? 'RWF' }];
  }

  private collect(t: SendableTransaction): Promise<OperatorResponse> {
    const { country, currency } = this.settings;
    return this.call(
      t,
      'payments',
      'POST',
      '/merchant/v1/payments/',
      JSON.stringify({
        reference: truncateText(t.reference || t.description || t.id, 64),
        subscriber: { country, currency, msisdn: nationalNumber(t.msisdn) },
        transaction: { amount: t.amount, country, currency, id: t.id },
      }),
    );
  }

  private disburse(t: SendableTransaction): Promise<OperatorResponse> {
    return this.call(
      t,
      'disbursements',
      'POST',
      '/standard/v1/disbursements/',
      JSON.stringify({
        payee: { msisdn: nationalNumber(t.msisdn) },
        reference: truncateText(t.reference || t.description || t.id, 64),
        pin: this.pin.encrypt(this.settings.disbursementPin),
        transaction: { amount: t.amount, id: t.id },
      }),
    );
  }

  /** Whole payments only, named by Airtel's own id for it; the answer is final. */
  private async refund(subject: OperatorTransaction): Promise<Initiation> {
    const { transaction: t, refunded } = subject;
    if (!refunded || !refunded.providerRef) return { outcome: refusal('REFUND_NOT_POSSIBLE', 'the payment has no Airtel Money id') };
    if (t.amount !== refunded.amount) {
      return { outcome: refusal('REFUND_NOT_SUPPORTED', `Airtel Money refunds whole payments only: ${refunded.amount} RWF`) };
    }
    const response = await this.call(
      t,
      'refund',
      'POST',
      '/standard/v1/payments/refund',
      JSON.stringify({ transaction: { airtel_money_id: refunded.providerRef, id: t.id } }),
    );
    return airtelInitiationOutcome(response, 'REFUND_NOT_POSSIBLE');
  }

  private async call(t: SendableTransaction | null, operation: string, method: 'GET' | 'POST', path: string, body?: string): Promise<OperatorResponse> {
    // A token that went bad early is refreshed once and the call retried (a 401 means Airtel did nothing).
    return this.tokens.sendAuthorized(
      'api',
      (token) =>
        this.http.send({
          network: 'airtel',
          mode: this.settings.mode,
          operation,
          transactionId: t?.id ?? null,
          method,
          url: `${this.settings.baseUrl}${path}`,
          body,
          headers: {
            Authorization: `Bearer ${token}`,
            'X-Country': this.settings.country,
            'X-Currency': this.settings.currency,
            Accept: '*/*',
            ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          },
        }),
      unauthorized,
    );
  }

  private async fetchToken() {
    const response = await this.http.send({
      network: 'airtel',
      mode: this.settings.mode,
      operation: 'token',
      transactionId: null,
      method: 'POST',
      url: `${this.settings.baseUrl}/auth/oauth2/token`,
      headers: { 'Content-Type': 'application/json', Accept: '*/*' },
      body: JSON.stringify({ client_id: this.settings.clientId, client_secret: this.settings.clientSecret, grant_type: 'client_credentials' }),
    });
    if (response.kind !== 'response' || response.status < 200 || response.status > 299) {
      throw new OperatorTokenError('Airtel Money', response.kind === 'response' ? `HTTP ${response.status}` : response.error);
    }
    const parsed = parseJson(response.body);
    const token = stringAt(parsed, 'access_token');
    if (!token) throw new OperatorTokenError('Airtel Money', 'no access_token in the answer');
    return { token, lifetimeMs: lifetimeMsOf(parsed?.expires_in, 180) };
  }
}
