import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { faultFor, slowIfAsked } from '../engine/faults';
import { SimulatedNetwork } from '../engine/simulated-network';
import { TokenIssuer } from '../engine/token-issuer';
import { SimulatorConfig } from '../simulator.config';
import { SimTransaction, TransactionKind } from '../store/simulator-store';
import { mtnStatusBody } from './mtn-wire';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Product = 'collection' | 'disbursement';
type Headers = Record<string, string | undefined>;

const RESOURCES: Record<TransactionKind, { product: Product; resource: string; party: 'payer' | 'payee' }> = {
  collection: { product: 'collection', resource: 'requesttopay', party: 'payer' },
  transfer: { product: 'disbursement', resource: 'transfer', party: 'payee' },
  refund: { product: 'disbursement', resource: 'refund', party: 'payee' },
};

const DUPLICATE = { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' };

/**
 * MTN MoMo Open API, as the real one answers: tokens with Basic auth per product, 202 on
 * request-to-pay / transfer / refund, 409 RESOURCE_ALREADY_EXIST on a reused reference, status by
 * reference, balances, account-holder checks, and an unsigned callback to X-Callback-Url.
 *
 * Its routes go on the Fastify instance directly (see `register`), not through Nest's router:
 * every test and benchmark calls them, and Nest's per-request machinery cost more CPU than the
 * simulated operator's own work.
 */
@Injectable()
export class MtnController {
  constructor(
    private readonly config: SimulatorConfig,
    private readonly tokens: TokenIssuer,
    private readonly network: SimulatedNetwork,
  ) {}

  register(app: FastifyInstance): void {
    type Params = Record<string, string>;
    const body = (req: FastifyRequest) => (req.body ?? undefined) as Record<string, unknown> | undefined;
    app.post('/mtn/:product/token', async (req, reply) => this.token((req.params as Params).product, req.headers as Headers, reply));
    app.post('/mtn/collection/v1_0/requesttopay', async (req, reply) => this.create('collection', req, body(req), reply));
    app.post('/mtn/disbursement/v1_0/transfer', async (req, reply) => this.create('transfer', req, body(req), reply));
    app.post('/mtn/disbursement/v1_0/refund', async (req, reply) => this.create('refund', req, body(req), reply));
    app.get('/mtn/collection/v1_0/requesttopay/:referenceId', async (req, reply) => this.status('collection', (req.params as Params).referenceId, req, reply));
    app.get('/mtn/disbursement/v1_0/transfer/:referenceId', async (req, reply) => this.status('transfer', (req.params as Params).referenceId, req, reply));
    app.get('/mtn/disbursement/v1_0/refund/:referenceId', async (req, reply) => this.status('refund', (req.params as Params).referenceId, req, reply));
    app.get('/mtn/:product/v1_0/account/balance', async (req, reply) => this.balance((req.params as Params).product, req.headers as Headers, reply));
    app.get('/mtn/:product/v1_0/accountholder/:type/:id/active', async (req, reply) => {
      const params = req.params as Params;
      return this.accountHolderActive(params.product, params.type, req.headers as Headers, reply);
    });
  }

  private token(product: string, headers: Headers, reply: FastifyReply) {
    if (!this.subscriptionOk(product, headers)) return this.accessDenied(reply);
    const expected = 'Basic ' + Buffer.from(`${this.config.MTN_API_USER}:${this.config.MTN_API_KEY}`).toString('base64');
    if (headers.authorization !== expected) return reply.status(401).send({ error: 'login_failed' });
    const ttl = this.config.TOKEN_TTL_SECONDS;
    return reply.send({ access_token: this.tokens.issue(`mtn:${product}`, ttl), token_type: 'access_token', expires_in: ttl });
  }

  private async balance(product: string, headers: Headers, reply: FastifyReply) {
    const denied = this.authorise(product, headers, reply);
    if (denied) return denied;
    const available = await this.network.store.accountBalance('mtn', product as Product);
    return reply.send({ availableBalance: String(available), currency: 'RWF' });
  }

  private accountHolderActive(product: string, type: string, headers: Headers, reply: FastifyReply) {
    const denied = this.authorise(product, headers, reply);
    if (denied) return denied;
    if (!/^msisdn$/i.test(type)) return reply.status(400).send({ code: 'INVALID_PARAMETER', message: 'Only MSISDN is supported.' });
    return reply.send({ result: true });
  }

  /** request-to-pay (payer approves a prompt), transfer and refund (money sent to a payee) share one shape. */
  private async create(kind: TransactionKind, req: FastifyRequest, rawBody: Record<string, unknown> | undefined, reply: FastifyReply) {
    const { product, resource, party: partyField } = RESOURCES[kind];
    const headers = req.headers as Headers;
    const referenceId = headers['x-reference-id'];
    const body = rawBody ?? {};
    const externalId = typeof body.externalId === 'string' ? body.externalId : null;
    const answer = (status: number, payload?: unknown, extraHeaders: Record<string, string> = {}) => {
      this.network.record({ operator: 'mtn', operation: `${product}.${resource}`, method: 'POST', path: req.url, reference: referenceId ?? null, externalId, status });
      reply.status(status).headers(extraHeaders);
      return payload === undefined ? reply.send() : reply.send(payload);
    };
    if (!this.subscriptionOk(product, headers)) return answer(401, { statusCode: 401, message: 'Access denied due to invalid subscription key.' });
    if (!this.tokens.isValid(headers.authorization, `mtn:${product}`)) return answer(401, { code: 'UNAUTHORIZED', message: 'Access token is missing, invalid or expired.' });
    if (headers['x-target-environment'] !== this.config.MTN_TARGET_ENVIRONMENT) {
      return answer(403, { code: 'NOT_ALLOWED_TARGET_ENVIRONMENT', message: 'Access to target environment is forbidden.' });
    }
    if (!referenceId || !UUID.test(referenceId)) return answer(400, { code: 'INVALID_REFERENCE_ID', message: 'X-Reference-Id must be a UUID.' });
    // MTN deduplicates on X-Reference-Id before anything else. A valid request learns it from the
    // insert itself (no read first); one about to be refused checks first, so a re-sent request
    // still gets 409, whatever else changed. A re-sent refund that already refunded the whole
    // payment is a duplicate, not a refund larger than what is left, so refunds check up front.
    if (kind === 'refund' && (await this.network.get('mtn', referenceId))) return answer(409, DUPLICATE);
    const refuse = async (status: number, payload: unknown, extraHeaders?: Record<string, string>) =>
      kind !== 'refund' && (await this.network.get('mtn', referenceId)) ? answer(409, DUPLICATE) : answer(status, payload, extraHeaders);

    let original: SimTransaction | null = null;
    let msisdn = (body[partyField] as { partyId?: unknown } | undefined)?.partyId;
    if (kind === 'refund') {
      const refundOf = body.referenceIdToRefund;
      original = typeof refundOf === 'string' ? await this.network.get('mtn', refundOf) : null;
      if (!original || original.kind !== 'collection') return answer(404, { code: 'RESOURCE_NOT_FOUND', message: 'The transaction to refund was not found.' });
      msisdn = original.msisdn;
    }
    if (typeof body.amount !== 'string' || !/^\d+$/.test(body.amount) || Number(body.amount) <= 0 || typeof msisdn !== 'string' || !/^\d{9,15}$/.test(msisdn)) {
      return refuse(400, { code: 'INVALID_PARAMETER', message: `amount (a string of digits) and ${partyField}.partyId are required.` });
    }
    if (body.currency !== 'RWF' && body.currency !== 'EUR') return refuse(500, { code: 'INVALID_CURRENCY', message: 'Currency not supported.' });
    const amount = Number(body.amount);
    if (original) {
      const refused = await this.refundRefusal(original, amount);
      if (refused) return answer(refused.status, refused.body);
    }

    const scenario = this.network.scenarioFor(msisdn);
    const fault = faultFor(scenario, this.config.RETRY_AFTER_SECONDS);
    if (fault) {
      const parsed = fault.headers['content-type'] === 'application/json' ? JSON.parse(fault.body) : fault.body;
      return refuse(fault.status, parsed, fault.headers);
    }
    const result = await this.network.create({
      operator: 'mtn',
      reference: referenceId,
      kind,
      externalId,
      msisdn,
      amount,
      currency: String(body.currency),
      refundOf: original?.reference ?? null,
      scenario,
      callbackUrl: headers['x-callback-url'] ?? null,
      callbackMethod: kind === 'collection' ? 'PUT' : 'POST',
      requestBody: body,
    });
    if (result.kind === 'duplicate') return answer(409, DUPLICATE);
    if (result.kind === 'limit') {
      const which = result.limit === 'daily' ? 'daily limit per customer' : 'per-transaction limit';
      return answer(500, { code: 'PAYER_LIMIT_REACHED', message: `The ${which} of ${result.value} RWF would be exceeded.` });
    }
    await slowIfAsked(scenario, this.config.SLOW_ANSWER_MS);
    return answer(202);
  }

  /** A refund needs a successful payment with enough left to refund. */
  private async refundRefusal(original: SimTransaction, amount: number) {
    if (original.status !== 'SUCCESSFUL') return { status: 409, body: { code: 'NOT_ALLOWED', message: 'Only a successful payment can be refunded.' } };
    const refunded = (await this.network.store.refundsOf('mtn', original.reference))
      .filter((r) => r.status !== 'FAILED')
      .reduce((sum, r) => sum + r.amount, 0);
    if (refunded + amount > original.amount) {
      return { status: 409, body: { code: 'NOT_ALLOWED', message: 'The refund is larger than what is left of the payment.' } };
    }
    return undefined;
  }

  private async status(kind: TransactionKind, referenceId: string, req: FastifyRequest, reply: FastifyReply) {
    const { product, resource } = RESOURCES[kind];
    const headers = req.headers as Headers;
    const denied = this.authorise(product, headers, reply);
    const record = (status: number) =>
      this.network.record({ operator: 'mtn', operation: `${product}.${resource}.status`, method: 'GET', path: req.url, reference: referenceId, externalId: null, status });
    if (denied) {
      record(denied.statusCode);
      return denied;
    }
    const tx = UUID.test(referenceId) ? await this.network.settleIfDue('mtn', referenceId) : null;
    if (!tx || tx.kind !== kind) {
      record(404);
      return reply.status(404).send({ code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
    }
    record(200);
    return reply.send(mtnStatusBody(tx));
  }

  private authorise(product: string, headers: Headers, reply: FastifyReply): FastifyReply | undefined {
    if (!this.subscriptionOk(product, headers)) return this.accessDenied(reply);
    if (!this.tokens.isValid(headers.authorization, `mtn:${product}`)) {
      return reply.status(401).send({ code: 'UNAUTHORIZED', message: 'Access token is missing, invalid or expired.' });
    }
    if (headers['x-target-environment'] !== this.config.MTN_TARGET_ENVIRONMENT) {
      return reply.status(403).send({ code: 'NOT_ALLOWED_TARGET_ENVIRONMENT', message: 'Access to target environment is forbidden.' });
    }
    return undefined;
  }

  private subscriptionOk(product: string, headers: Headers): boolean {
    const key =
      product === 'collection' ? this.config.MTN_COLLECTION_SUBSCRIPTION_KEY : product === 'disbursement' ? this.config.MTN_DISBURSEMENT_SUBSCRIPTION_KEY : undefined;
    return !!key && headers['ocp-apim-subscription-key'] === key;
  }

  private accessDenied(reply: FastifyReply): FastifyReply {
    return reply.status(401).send({ statusCode: 401, message: 'Access denied due to invalid subscription key.' });
  }
}
