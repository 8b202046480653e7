import { Controller, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { JobIds } from '@momo/contracts';
import { OperatorLogRepository, TransactionsRepository } from '@momo/data';
import { JobProducer } from '@momo/platform';
import { redactHeaders } from '../http/operator-http.client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * Operator callbacks. A callback is only a hint: MTN's are unsigned, so whatever it says we log
 * it, then ask the operator for the status before anything changes. Our transaction id is in the
 * path; a malformed or forged callback can at most cause one extra status query.
 */
@Controller('callbacks')
export class OperatorCallbacksController {
  constructor(
    private readonly log: OperatorLogRepository,
    private readonly transactions: TransactionsRepository,
    private readonly producer: JobProducer,
  ) {}

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

  private async receive(network: string, transactionId: string, req: FastifyRequest) {
    const known = UUID.test(transactionId) ? await this.transactions.findById(transactionId) : null;
    const outcome = !known ? 'unknown_transaction' : known.status !== 'pending' ? 'already_final' : 'status_check_queued';
    const callbackId = await this.log.recordCallback({
      transactionId: known ? known.id : null,
      network,
      method: req.method,
      path: req.url.slice(0, 500),
      headers: redactHeaders(stringHeaders(req.headers)),
      body: req.body === undefined ? null : JSON.stringify(req.body).slice(0, 8_192),
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

function stringHeaders(headers: FastifyRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
