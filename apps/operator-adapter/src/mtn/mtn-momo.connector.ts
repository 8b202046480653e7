import { InitiationOutcome } from '@momo/contracts';
import { TransactionEntity } from '@momo/data';
import { OperatorHttpClient, OperatorResponse } from '../http/operator-http.client';
import { OperatorConnector, StatusOutcome } from '../operators/operator-connector';
import { mtnInitiationOutcome, mtnStatusOutcome } from './mtn-outcomes';
import { MtnSettings } from './mtn-settings';
import { MtnProduct, MtnTokenCache, MtnTokenError } from './mtn-token.cache';

/**
 * MTN MoMo Open API. Our transaction id is the X-Reference-Id, so re-sending an initiation is
 * deduplicated by MTN (409 RESOURCE_ALREADY_EXIST), and it is in the callback URL path because
 * transfer callbacks may omit it.
 */
export class MtnMomoConnector implements OperatorConnector {
  private readonly tokens: MtnTokenCache;

  constructor(
    private readonly settings: MtnSettings,
    private readonly http: OperatorHttpClient,
  ) {
    this.tokens = new MtnTokenCache(settings, http);
  }

  async initiate(t: TransactionEntity): Promise<InitiationOutcome> {
    const operation = operationOf(t);
    const party = { partyIdType: 'MSISDN', partyId: t.msisdn };
    const body = JSON.stringify({
      amount: String(t.amount),
      currency: t.currency,
      externalId: t.id,
      [operation.party]: party,
      payerMessage: t.description.slice(0, 160),
      payeeNote: t.reference.slice(0, 160),
    });
    try {
      const response = await this.call(operation.product, t, `${operation.product}.${operation.resource}`, 'POST', operation.path, body);
      return mtnInitiationOutcome(response);
    } catch (error) {
      if (error instanceof MtnTokenError) return { kind: 'unavailable', retryAfterSeconds: 30, failureMessage: 'MTN MoMo refused our credentials or is unreachable.' };
      throw error;
    }
  }

  async queryStatus(t: TransactionEntity): Promise<StatusOutcome> {
    const operation = operationOf(t);
    try {
      const response = await this.call(operation.product, t, `${operation.product}.status`, 'GET', `${operation.path}/${t.id}`);
      return mtnStatusOutcome(response);
    } catch (error) {
      if (error instanceof MtnTokenError) return { kind: 'unknown', detail: error.message };
      throw error;
    }
  }

  private async call(
    product: MtnProduct,
    t: TransactionEntity,
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    body?: string,
  ): Promise<OperatorResponse> {
    const send = async () =>
      this.http.send({
        network: 'mtn',
        mode: this.settings.mode,
        operation,
        transactionId: t.id,
        method,
        url: `${this.settings.baseUrl}${path}`,
        body,
        headers: {
          Authorization: `Bearer ${await this.tokens.token(product)}`,
          'Ocp-Apim-Subscription-Key': this.settings.subscriptionKeys[product],
          'X-Target-Environment': this.settings.targetEnvironment,
          ...(method === 'POST'
            ? {
                'Content-Type': 'application/json',
                'X-Reference-Id': t.id,
                'X-Callback-Url': `${this.settings.callbackBaseUrl}/callbacks/mtn/${t.id}`,
              }
            : {}),
        },
      });
    const response = await send();
    // An expired or revoked token: refresh once and retry (MTN dedupes on X-Reference-Id).
    if (response.kind === 'response' && response.status === 401) {
      this.tokens.invalidate(product);
      return send();
    }
    return response;
  }
}

/** Cash in is a collection request-to-pay; cash out (payouts, refunds) a disbursement transfer. */
function operationOf(t: TransactionEntity) {
  return t.direction === 'collect'
    ? { product: 'collection' as const, resource: 'requesttopay', path: '/collection/v1_0/requesttopay', party: 'payer' }
    : { product: 'disbursement' as const, resource: 'transfer', path: '/disbursement/v1_0/transfer', party: 'payee' };
}
