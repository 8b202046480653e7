import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SimulatorConfig } from '../simulator.config';
import { MtnTokenIssuer } from './mtn-auth';
import { MtnLedger, MtnTransaction } from './mtn-ledger';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * MTN MoMo Open API, as the real one answers: tokens with Basic auth, 202 on request-to-pay,
 * 409 RESOURCE_ALREADY_EXIST on a reused reference, status by reference, and an unsigned callback
 * to X-Callback-Url once the customer has answered.
 */
@Controller('mtn')
export class MtnController {
  constructor(
    private readonly config: SimulatorConfig,
    private readonly tokens: MtnTokenIssuer,
    private readonly ledger: MtnLedger,
  ) {}

  @Post(':product/token')
  @HttpCode(200)
  token(@Param('product') product: string, @Headers() headers: Record<string, string>, @Res() reply: FastifyReply) {
    if (!this.subscriptionOk(product, headers)) return this.accessDenied(reply);
    const expected = 'Basic ' + Buffer.from(`${this.config.MTN_API_USER}:${this.config.MTN_API_KEY}`).toString('base64');
    if (headers.authorization !== expected) return reply.status(401).send({ error: 'login_failed' });
    const ttl = this.config.TOKEN_TTL_SECONDS;
    return reply.send({ access_token: this.tokens.issue(product, ttl), token_type: 'access_token', expires_in: ttl });
  }

  @Post('collection/v1_0/requesttopay')
  requestToPay(@Headers() headers: Record<string, string>, @Body() body: Record<string, unknown>, @Res() reply: FastifyReply) {
    return this.create('collection', headers, body, reply);
  }

  @Get('collection/v1_0/requesttopay/:referenceId')
  requestToPayStatus(@Param('referenceId') referenceId: string, @Headers() headers: Record<string, string>, @Res() reply: FastifyReply) {
    return this.status('collection', referenceId, headers, reply);
  }

  @Post('disbursement/v1_0/transfer')
  transfer(@Headers() headers: Record<string, string>, @Body() body: Record<string, unknown>, @Res() reply: FastifyReply) {
    return this.create('disbursement', headers, body, reply);
  }

  @Get('disbursement/v1_0/transfer/:referenceId')
  transferStatus(@Param('referenceId') referenceId: string, @Headers() headers: Record<string, string>, @Res() reply: FastifyReply) {
    return this.status('disbursement', referenceId, headers, reply);
  }

  /** request-to-pay (payer approves a prompt) and transfer (money sent to a payee) share one shape. */
  private create(product: MtnTransaction['product'], headers: Record<string, string>, body: Record<string, unknown>, reply: FastifyReply) {
    const denied = this.authorise(product, headers, reply);
    if (denied) return denied;
    const referenceId = headers['x-reference-id'];
    if (!referenceId || !UUID.test(referenceId)) {
      return reply.status(400).send({ code: 'INVALID_REFERENCE_ID', message: 'X-Reference-Id must be a UUID' });
    }
    if (this.ledger.has(referenceId)) {
      return reply.status(409).send({ code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id. Creation of resource failed.' });
    }
    const party = (product === 'collection' ? body?.payer : body?.payee) as { partyIdType?: string; partyId?: string } | undefined;
    if (typeof body?.amount !== 'string' || !/^\d+(\.\d+)?$/.test(body.amount) || !party?.partyId) {
      return reply.status(400).send({ code: 'INVALID_PARAMETER', message: `amount and ${product === 'collection' ? 'payer' : 'payee'}.partyId are required` });
    }
    if (body.currency !== 'RWF' && body.currency !== 'EUR') {
      return reply.status(500).send({ code: 'INVALID_CURRENCY', message: 'Currency not supported.' });
    }
    const tx = this.ledger.add({
      referenceId,
      product,
      externalId: String(body.externalId ?? ''),
      amount: body.amount,
      currency: String(body.currency),
      party: { partyIdType: party.partyIdType ?? 'MSISDN', partyId: party.partyId },
      payerMessage: String(body.payerMessage ?? ''),
      payeeNote: String(body.payeeNote ?? ''),
      callbackUrl: headers['x-callback-url'],
    });
    setTimeout(() => void this.customerAnswers(tx, 'SUCCESSFUL'), this.config.APPROVAL_DELAY_MS).unref();
    return reply.status(202).send();
  }

  private status(product: MtnTransaction['product'], referenceId: string, headers: Record<string, string>, reply: FastifyReply) {
    const denied = this.authorise(product, headers, reply);
    if (denied) return denied;
    const tx = this.ledger.get(referenceId);
    if (!tx || tx.product !== product) {
      return reply.status(404).send({ code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
    }
    return reply.send(statusBody(tx));
  }

  private async customerAnswers(tx: MtnTransaction, status: 'SUCCESSFUL' | 'FAILED', reason?: string): Promise<void> {
    tx.status = status;
    tx.reason = reason;
    if (!tx.callbackUrl) return;
    try {
      await fetch(tx.callbackUrl, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(statusBody(tx)) });
    } catch {
      // MTN sends a callback once and never retries; neither do we.
    }
  }

  private authorise(product: string, headers: Record<string, string>, reply: FastifyReply): FastifyReply | undefined {
    if (!this.subscriptionOk(product, headers)) return this.accessDenied(reply);
    if (!this.tokens.isValid(headers.authorization, product)) {
      return reply.status(401).send({ code: 'UNAUTHORIZED', message: 'Access token is missing, invalid or expired.' });
    }
    if (headers['x-target-environment'] !== this.config.MTN_TARGET_ENVIRONMENT) {
      return reply.status(403).send({ code: 'NOT_ALLOWED_TARGET_ENVIRONMENT', message: 'Access to target environment is forbidden.' });
    }
    return undefined;
  }

  private subscriptionOk(product: string, headers: Record<string, string>): boolean {
    const key = product === 'collection' ? this.config.MTN_COLLECTION_SUBSCRIPTION_KEY : this.config.MTN_DISBURSEMENT_SUBSCRIPTION_KEY;
    return headers['ocp-apim-subscription-key'] === key;
  }

  private accessDenied(reply: FastifyReply): FastifyReply {
    return reply.status(401).send({ statusCode: 401, message: 'Access denied due to invalid subscription key.' });
  }
}

function statusBody(tx: MtnTransaction) {
  return {
    financialTransactionId: tx.financialTransactionId,
    externalId: tx.externalId,
    amount: tx.amount,
    currency: tx.currency,
    [tx.product === 'collection' ? 'payer' : 'payee']: tx.party,
    payerMessage: tx.payerMessage,
    payeeNote: tx.payeeNote,
    status: tx.status,
    ...(tx.reason ? { reason: tx.reason } : {}),
  };
}
