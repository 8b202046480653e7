import { Controller, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { JobIds } from '@momo/contracts';
import { OperatorLogRepository, TransactionsRepository } from '@momo/data';
import { JobProducer } from '@momo/platform';
import { redactHeaders } from '../http/operator-http.client';
import { objectAt, stringAt } from '../operators/wire';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const LOGGED_BODY_LIMIT = 8_192;

/**
 * Operator callbacks. A callback is only a hint: MTN's are unsigned and Airtel's hash proves
 * little, so whatever it says we log it, then ask the operator for the status before anything
 * changes. A malformed, forged, late or duplicated callback can at most cause one extra status
 * query (duplicates of one callback collapse into one job while it is queued).
 */
@Controller('callbacks')
export class OperatorCallbacksController {
  constructor(
    private readonly log: OperatorLogRepository,
    private readonly transactions: TransactionsRepository,
    private readonly producer: JobProducer,
  ) {}

  /** MTN: our transaction id is in the path (transfer callbacks may omit every id). */
  @Post('mtn/:transactionId')
  @HttpCode(200)
  mtnPost(@Param('transactionId') transactionId: string, @Req() req: FastifyRequest) {
    return this.receive('mtn', transactionId, req);
  }

  @Put('mtn/:transactionId')
  @HttpCode(200)
  mtnPut(@Param('transactionId') transactionId: string, @Req() req: FastifyRequest) {
    return this.receive('mtn', transactionId, req);
  }

  /** Airtel: one URL registered on its portal; our id is `transaction.id` in the body. */
  @Post('airtel')
  @HttpCode(200)
  airtel(@Req() req: FastifyRequest) {
    return this.receive('airtel', stringAt(objectAt(req.body, 'transaction'), 'id'), req);
  }

  @Post('airtel/:transactionId')
  @HttpCode(200)
  airtelWithId(@Param('transactionId') transactionId: string, @Req() req: FastifyRequest) {
    return this.receive('airtel', transactionId, req);
  }

  private async receive(network: 'mtn' | 'airtel', transactionId: string | undefined, req: FastifyRequest) {
    const candidate = transactionId && UUID.test(transactionId) ? await this.transactions.findById(transactionId) : null;
    // A callback on one network's endpoint never touches another network's transaction.
    const known = candidate && candidate.network === network ? candidate : null;
    const outcome = !known ? 'unknown_transaction' : known.status !== 'pending' ? 'already_final' : 'status_check_queued';
    const callbackId = await this.log.recordCallback({
      transactionId: known ? known.id : null,
      network,
      method: req.method,
      path: req.url.slice(0, 500),
      headers: redactHeaders(stringHeaders(req.headers)),
      body: bodyText(req.body),
      remoteAddress: req.ip ?? null,
      outcome,
    });
    if (known && outcome === 'status_check_queued') {
      await this.producer.add(
        'check-transaction-status',
        { transactionId: known.id, reason: 'callback' },
        { jobId: JobIds.statusCheck(known.id, `callback-${callbackId}`) },
      );
    }
    // Operators only need to know we got it; what it said is decided by the status query.
    return { received: true };
  }
}

function bodyText(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  return (typeof body === 'string' ? body : JSON.stringify(body)).slice(0, LOGGED_BODY_LIMIT);
}

function stringHeaders(headers: FastifyRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
