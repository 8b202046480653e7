import { Controller, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { OperatorLogRepository } from '@momo/data';
import { redactHeaders } from '../http/operator-http.client';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { OperatorWork } from '../operator-work/operator-work.service';
import { CallbackStatusChecks } from '../operator-status-checks/callback-status-checks';
import { callbacksNotStored } from './callback-metrics';
import { objectAt, stringAt } from '../operators/wire';

declare module 'fastify' {
  interface FastifyRequest {
    /** A callback's body exactly as received (logged as sent, never re-serialised). */
    rawCallbackBody?: string;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const LOGGED_BODY_LIMIT = 8_192;

/**
 * Operator callbacks. A callback is only a hint: MTN's are unsigned and Airtel's hash proves
 * little, so we log it, then ask the operator for the status before anything changes. A
 * malformed, forged, late or duplicated callback can at most cause one extra status query
 * (made at once, CallbackStatusChecks). What reaches the log is
 * bounded: bodies are capped (CALLBACK_BODY_LIMIT_BYTES, stored up to 8 KiB), sources are
 * rate-limited, a callback matching no transaction is only counted, and each transaction keeps
 * at most CALLBACKS_STORED_PER_TRANSACTION callbacks.
 */
@Controller('callbacks')
export class OperatorCallbacksController {
  constructor(
    private readonly log: OperatorLogRepository,
    private readonly work: OperatorWork,
    private readonly statusChecks: CallbackStatusChecks,
    private readonly config: OperatorAdapterConfig,
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
    const candidate = transactionId && UUID.test(transactionId) ? await this.work.find(transactionId) : null;
    // A callback on one network's endpoint never touches another network's transaction.
    const known = candidate && candidate.network === network ? candidate : null;
    if (!known) {
      callbacksNotStored.inc({ network, reason: 'unknown_transaction' });
      return { received: true };
    }
    const outcome = known.status !== 'pending' ? 'already_final' : 'status_check_queued';
    const callbackId = await this.log.recordCallback({
      transactionId: known.id,
      network,
      method: req.method,
      path: req.url.slice(0, 500),
      headers: redactHeaders(stringHeaders(req.headers)),
      body: bodyText(req.rawCallbackBody),
      remoteAddress: req.ip ?? null,
      outcome,
    }, this.config.CALLBACKS_STORED_PER_TRANSACTION);
    if (callbackId === null) {
      // Over the cap: a pending transaction is still found out by the reconciler.
      callbacksNotStored.inc({ network, reason: 'over_cap' });
      return { received: true };
    }
    if (outcome === 'status_check_queued') await this.statusChecks.start(known, callbackId);
    // Operators only need to know we got it; what it said is decided by the status query.
    return { received: true };
  }
}

/** The body as received, as text Postgres can store (a NUL, which text cannot hold, written as \u0000). */
function bodyText(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  return raw.slice(0, LOGGED_BODY_LIMIT).replace(/\u0000/g, '\\u0000');
}

function stringHeaders(headers: FastifyRequest['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
