import { truncateText } from '@momo/domain';
import { OperatorHttpClient, OperatorResponse, unauthorized } from '../http/operator-http.client';
import { refusal } from '../operators/failure-codes';
import { Initiation, operationKind, OperatorBalance, OperatorConnector, OperatorTransaction, SendableTransaction, StatusOutcome } from '../operators/operator-connector';
import { lifetimeMsOf, OperatorTokenError, TokenCache } from '../operators/token-cache';
import { parseJson, stringAt } from '../operators/wire';
import { mtnInitiationOutcome, mtnStatusOutcome } from './mtn-outcomes';
import { MtnSettings } from './mtn-settings';

export type MtnProduct = 'collection' | 'disbursement';

/** Where each kind of transaction goes in MTN's API. */
const OPERATIONS = {
  collect: { product: 'collection', resource: 'requesttopay', party: 'payer' },
  payout: { product: 'disbursement', resource: 'transfer', party: 'payee' },
  refund: { product: 'disbursement', resource: 'refund', party: 'payee' },
} as const;

/**
 * MTN MoMo Open API. Our transaction id is the X-Reference-Id, so re-sending an initiation is
 * deduplicated by MTN (409 RESOURCE_ALREADY_EXIST), and it is in the callback URL path because
 * transfer callbacks may omit it. Refunds go to /disbursement/v1_0/refund naming the payment by
 * our id (its X-Reference-Id), and can be partial.
 */
export class MtnMomoConnector implements OperatorConnector {
  private readonly tokens: TokenCache<MtnProduct>;

  constructor(
    private readonly settings: MtnSettings,
    private readonly http: OperatorHttpClient,
  ) {
    this.tokens = new TokenCache((product) => this.fetchToken(product));
  }

  async initiate(subject: OperatorTransaction): Promise<Initiation> {
    const t = subject.transaction;
    const kind = operationKind(subject);
    const operation = OPERATIONS[kind];
    const body: Record<string, unknown> = {
      amount: String(t.amount),
      currency: t.currency,
      externalId: t.id,
      payerMessage: truncateText(t.description, 160),
      payeeNote: truncateText(t.reference, 160),
    };
    if (kind === 'refund') {
      if (!subject.refunded) return { outcome: refusal('REFUND_NOT_POSSIBLE', 'the refunded payment is unknown') };
      body.referenceIdToRefund = subject.refunded.id;
    } else {
      body[operation.party] = { partyIdType: 'MSISDN', partyId: t.msisdn };
    }
    const path = `/${operation.product}/v1_0/${operation.resource}`;
    const response = await this.call(operation.product, t, `${operation.product}.${operation.resource}`, 'POST', path, JSON.stringify(body));
    // MTN answers 404 when the payment to refund does not exist on its side.
    if (kind === 'refund' && response.kind === 'response' && response.status === 404) {
      return { outcome: refusal('REFUND_NOT_POSSIBLE', 'MTN RESOURCE_NOT_FOUND: the payment is unknown to MTN') };
    }
    return { outcome: mtnInitiationOutcome(response) };
  }

  async queryStatus(subject: OperatorTransaction): Promise<StatusOutcome> {
    const t = subject.transaction;
    const operation = OPERATIONS[operationKind(subject)];
    const path = `/${operation.product}/v1_0/${operation.resource}/${t.id}`;
    return mtnStatusOutcome(await this.call(operation.product, t, `${operation.product}.${operation.resource}.status`, 'GET', path));
  }

  /** Our collection and disbursement account balances at MTN. */
  async balances(): Promise<OperatorBalance[]> {
    const out: OperatorBalance[] = [];
    for (const product of ['collection', 'disbursement'] as const) {
      const response = await this.call(product, null, `${product}.balance`, 'GET', `/${product}/v1_0/account/balance`);
      const parsed = response.kind === 'response' && response.status === 200 ? parseJson(response.body) : undefined;
      const available = Number(stringAt(parsed, 'availableBalance'));
      if (!parsed || !Number.isFinite(available)) throw new Error(`MTN ${product} balance: no readable answer`);
      out.push({ account: `mtn.${product}`, available, currency: stringAt(parsed, 'currency') ?? 'RWF' });
    }
    return out;
  }

  private async call(
    product: MtnProduct,
    t: SendableTransaction | null,
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    body?: string,
  ): Promise<OperatorResponse> {
    // An expired or revoked token is refreshed once and the call retried (a 401 means MTN did nothing, and it dedupes on X-Reference-Id).
    return this.tokens.sendAuthorized(
      product,
      (token) =>
        this.http.send({
          network: 'mtn',
          mode: this.settings.mode,
          operation,
          transactionId: t?.id ?? null,
          method,
          url: `${this.settings.baseUrl}${path}`,
          body,
          headers: {
            Authorization: `Bearer ${token}`,
            'Ocp-Apim-Subscription-Key': this.settings.subscriptionKeys[product],
            'X-Target-Environment': this.settings.targetEnvironment,
            ...(method === 'POST' && t
              ? {
                  'Content-Type': 'application/json',
                  'X-Reference-Id': t.id,
                  'X-Callback-Url': `${this.settings.callbackBaseUrl}/callbacks/mtn/${t.id}`,
                }
              : {}),
          },
        }),
      unauthorized,
    );
  }

  private async fetchToken(product: MtnProduct) {
    const basic = Buffer.from(`${this.settings.apiUser}:${this.settings.apiKey}`).toString('base64');
    const response = await this.http.send({
      network: 'mtn',
      mode: this.settings.mode,
      operation: `${product}.token`,
      transactionId: null,
      method: 'POST',
      url: `${this.settings.baseUrl}/${product}/token/`,
      headers: {
        Authorization: `Basic ${basic}`,
        'Ocp-Apim-Subscription-Key': this.settings.subscriptionKeys[product],
        'X-Target-Environment': this.settings.targetEnvironment,
      },
    });
    if (response.kind !== 'response' || response.status < 200 || response.status > 299) {
      throw new OperatorTokenError('MTN MoMo', response.kind === 'response' ? `HTTP ${response.status}` : response.error);
    }
    const parsed = parseJson(response.body);
    const token = stringAt(parsed, 'access_token');
    if (!token) throw new OperatorTokenError('MTN MoMo', 'no access_token in the answer');
    return { token, lifetimeMs: lifetimeMsOf(parsed?.expires_in, 3600) };
  }
}
