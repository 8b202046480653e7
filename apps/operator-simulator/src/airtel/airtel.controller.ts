import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { faultFor, slowIfAsked } from '../engine/faults';
import { SimulatedNetwork } from '../engine/simulated-network';
import { TokenIssuer } from '../engine/token-issuer';
import { SimulatorConfig } from '../simulator.config';
import { TransactionKind } from '../store/simulator-store';
import { AIRTEL_CODES, airtelEnvelope, airtelStatusBody, familyOf } from './airtel-wire';
import { AirtelPinReader } from './airtel-pin';

type Headers = Record<string, string | undefined>;
type Json = Record<string, unknown>;

/**
 * Airtel Money Open API (Rwanda): OAuth2 client-credentials tokens, USSD-push collections and
 * disbursements answered HTTP 200 with the verdict in `status` (errors included), enquiries by our
 * transaction id (TS / TF / TIP / TA), whole-amount refunds by airtel_money_id, and callbacks to
 * the one URL registered on the portal.
 *
 * Its routes go on the Fastify instance directly (see `register`), not through Nest's router, as
 * MTN's do (mtn.controller.ts).
 */
@Injectable()
export class AirtelController {
  private readonly pins: AirtelPinReader;

  constructor(
    private readonly config: SimulatorConfig,
    private readonly tokens: TokenIssuer,
    private readonly network: SimulatedNetwork,
  ) {
    this.pins = new AirtelPinReader(config.AIRTEL_PIN_PRIVATE_KEY);
  }

  register(app: FastifyInstance): void {
    type Params = Record<string, string>;
    const body = (req: FastifyRequest) => (req.body ?? undefined) as Json | undefined;
    app.post('/airtel/auth/oauth2/token', async (req, reply) => this.token(body(req), reply));
    app.post('/airtel/merchant/v1/payments', async (req, reply) => {
      const subscriber = body(req)?.subscriber as Json | undefined;
      return this.create('collection', req, body(req) ?? {}, subscriber?.msisdn, reply);
    });
    app.post('/airtel/standard/v1/disbursements', async (req, reply) => {
      const payee = body(req)?.payee as Json | undefined;
      return this.create('transfer', req, body(req) ?? {}, payee?.msisdn, reply);
    });
    app.get('/airtel/standard/v1/payments/:id', async (req, reply) => this.status('collection', (req.params as Params).id, req, reply));
    app.get('/airtel/standard/v1/disbursements/:id', async (req, reply) => this.status('transfer', (req.params as Params).id, req, reply));
    app.post('/airtel/standard/v1/payments/refund', async (req, reply) => this.refund(req, body(req), reply));
    app.get('/airtel/standard/v1/users/balance', async (req, reply) => this.balance(req, reply));
  }

  private token(body: Json | undefined, reply: FastifyReply) {
    const ok =
      body?.client_id === this.config.AIRTEL_CLIENT_ID && body?.client_secret === this.config.AIRTEL_CLIENT_SECRET && body?.grant_type === 'client_credentials';
    if (!ok) return reply.status(401).send({ error: 'invalid_client', error_description: 'Client authentication failed.' });
    const ttl = this.config.AIRTEL_TOKEN_TTL_SECONDS;
    return reply.send({ access_token: this.tokens.issue('airtel', ttl), expires_in: String(ttl), token_type: 'bearer' });
  }

  /**
   * Whole-amount refunds, answered at once; a payment is refunded once, so a repeat gets the same
   * refund back. No customer takes part, so of the payer's scenario only the network's own
   * misbehaviour applies: HTTP 500/503/429 (nothing is created) and a slow first answer.
   */
  private async refund(req: FastifyRequest, body: Json | undefined, reply: FastifyReply) {
    const transaction = (body?.transaction ?? {}) as Json;
    const ourId = typeof transaction.id === 'string' ? transaction.id : null;
    const codes = AIRTEL_CODES.collection;
    const answer = (status: number, payload: unknown, reference: string | null = null, headers: Record<string, string> = {}) => {
      this.network.record({ operator: 'airtel', operation: 'refund', method: 'POST', path: req.url, reference, externalId: ourId, status });
      return reply.status(status).headers(headers).send(payload);
    };
    const denied = this.authorise(req.headers as Headers);
    if (denied) return answer(denied.status, denied.body);
    const airtelMoneyId = transaction.airtel_money_id;
    const original = typeof airtelMoneyId === 'string' ? await this.network.store.findByOperatorTxnId('airtel', airtelMoneyId) : null;
    if (!original || original.kind !== 'collection') {
      return answer(200, airtelEnvelope({}, false, codes.not_found, 'Transaction not found.'));
    }
    if (original.status !== 'SUCCESSFUL') return answer(200, airtelEnvelope({}, false, codes.refused, 'Only a successful payment can be refunded.'), original.reference);
    const scenario = this.network.scenarioFor(original.msisdn);
    const fault = faultFor(scenario, this.config.RETRY_AFTER_SECONDS);
    if (fault) {
      const payload = fault.headers['content-type'] === 'application/json' ? JSON.parse(fault.body) : fault.body;
      return answer(fault.status, payload, original.reference, fault.headers);
    }
    const reference = `refund-${original.reference}`;
    const result = await this.network.create({
      operator: 'airtel',
      reference,
      kind: 'refund',
      externalId: ourId,
      msisdn: original.msisdn,
      amount: original.amount,
      currency: original.currency,
      refundOf: original.reference,
      scenario: 'approve',
      callbackUrl: null,
      callbackMethod: null,
      requestBody: body ?? {},
    });
    if (result.kind === 'limit') return answer(200, airtelEnvelope({}, false, codes.refused, 'Refund refused.'), reference);
    // Refunds complete synchronously: the answer is the final word.
    const settled = (await this.network.settleNow(result.transaction)) ?? (await this.network.get('airtel', reference)) ?? result.transaction;
    // Done, but the first answer comes late; a repeat (our status check) is answered at once.
    if (result.kind === 'created') await slowIfAsked(scenario, this.config.SLOW_ANSWER_MS);
    const ok = settled.status === 'SUCCESSFUL';
    return answer(
      200,
      airtelEnvelope(
        { transaction: { airtel_money_id: settled.operatorTxnId, id: ourId ?? reference, status: ok ? 'SUCCESS' : 'FAILED' } },
        ok,
        ok ? codes.success : codes.insufficient_funds,
        ok ? 'SUCCESS' : 'Refund failed: insufficient funds.',
      ),
      reference,
    );
  }

  private async balance(req: FastifyRequest, reply: FastifyReply) {
    const denied = this.authorise(req.headers as Headers);
    if (denied) return reply.status(denied.status).send(denied.body);
    const available = await this.network.store.accountBalance('airtel', 'disbursement');
    return reply.send(airtelEnvelope({ balance: String(available), currency: 'RWF', account_status: 'Active' }, true, 'DP00900001001', 'SUCCESS'));
  }

  private async create(kind: TransactionKind, req: FastifyRequest, body: Json, msisdn: unknown, reply: FastifyReply) {
    const family = familyOf(kind);
    const codes = AIRTEL_CODES[family];
    const transaction = (body.transaction ?? {}) as Json;
    const id = typeof transaction.id === 'string' && transaction.id.length > 0 ? transaction.id : null;
    const operation = kind === 'collection' ? 'payments' : 'disbursements';
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      this.network.record({ operator: 'airtel', operation, method: 'POST', path: req.url, reference: id, externalId: id, status });
      return reply.status(status).headers(headers).send(payload);
    };
    const denied = this.authorise(req.headers as Headers);
    if (denied) return answer(denied.status, denied.body);
    const amount = Number(transaction.amount);
    if (!id || !Number.isInteger(amount) || amount <= 0) {
      return answer(400, airtelEnvelope({}, false, 'ESB000008', 'transaction.id and a whole transaction.amount are required.'));
    }
    // Airtel wants the national number: no country code, no leading zero.
    if (typeof msisdn !== 'string' || !/^7\d{8}$/.test(msisdn)) {
      return answer(400, airtelEnvelope({}, false, 'ESB000008', 'msisdn must be the 9-digit national number, without country code.'));
    }
    if (kind === 'transfer' && this.pins.read(body.pin) !== this.config.AIRTEL_DISBURSEMENT_PIN) {
      return answer(200, airtelEnvelope({}, false, codes.wrong_pin, 'Invalid PIN.'));
    }
    const scenario = this.network.scenarioFor(msisdn);
    const fault = faultFor(scenario, this.config.RETRY_AFTER_SECONDS);
    if (fault) {
      return answer(fault.status, fault.headers['content-type'] === 'application/json' ? JSON.parse(fault.body) : fault.body, fault.headers);
    }
    const result = await this.network.create({
      operator: 'airtel',
      reference: id,
      kind,
      externalId: id,
      msisdn,
      amount,
      currency: String(req.headers['x-currency'] ?? 'RWF'),
      scenario,
      callbackUrl: null,
      callbackMethod: null,
      requestBody: body,
    });
    if (result.kind === 'limit') {
      const which = result.limit === 'daily' ? 'daily limit per customer' : 'per-transaction limit';
      return answer(200, airtelEnvelope({}, false, codes.limit, `Exceeds the ${which} of ${result.value} RWF.`));
    }
    if (result.kind === 'duplicate' && kind === 'transfer') {
      return answer(200, airtelEnvelope({}, false, AIRTEL_CODES.disbursement.duplicate, 'Duplicate transaction id.'));
    }
    await slowIfAsked(scenario, this.config.SLOW_ANSWER_MS);
    const tx = result.transaction;
    return answer(
      200,
      airtelEnvelope(
        { transaction: { id: tx.reference, status: 'Success.', ...(kind === 'transfer' ? { reference_id: tx.operatorTxnId, airtel_money_id: tx.operatorTxnId } : {}) } },
        true,
        codes.in_progress,
        'In process.',
      ),
    );
  }

  private async status(kind: TransactionKind, id: string, req: FastifyRequest, reply: FastifyReply) {
    const codes = AIRTEL_CODES[familyOf(kind)];
    const record = (status: number) =>
      this.network.record({ operator: 'airtel', operation: `${kind === 'collection' ? 'payments' : 'disbursements'}.status`, method: 'GET', path: req.url, reference: id, externalId: null, status });
    const denied = this.authorise(req.headers as Headers);
    if (denied) {
      record(denied.status);
      return reply.status(denied.status).send(denied.body);
    }
    const tx = await this.network.settleIfDue('airtel', id);
    record(200);
    if (!tx || familyOf(tx.kind) !== familyOf(kind) || tx.kind === 'refund') {
      return reply.send(airtelEnvelope({}, false, codes.not_found, 'Transaction not found.'));
    }
    return reply.send(airtelStatusBody(tx));
  }

  private authorise(headers: Headers): { status: number; body: unknown } | undefined {
    if (!this.tokens.isValid(headers.authorization, 'airtel')) {
      return { status: 401, body: { error: 'invalid_token', error_description: 'Access token is missing, invalid or expired.' } };
    }
    if (headers['x-country'] !== 'RW' || headers['x-currency'] !== 'RWF') {
      return { status: 400, body: airtelEnvelope({}, false, 'ESB000008', 'X-Country must be RW and X-Currency RWF.') };
    }
    return undefined;
  }
}
