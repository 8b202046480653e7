import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/** The answer a merchant finally acts on, after any retries. */
export interface FinalAnswer {
  status: number;
  code?: string;
  /** The transaction the answer is about, when there is one. */
  transactionId?: string;
  /** Requests sent for this one operation (1 without retries). */
  requests: number;
  /** On RATE_LIMITED: our own budget (`api_key`: retry, same key) or the network's (`network`: the transaction failed). */
  limitedBy?: string;
}

/** Our own answers that say "try again with the same key": nothing is final yet (RATE_LIMITED only when it is our budget). */
const RETRY_SAME_KEY = new Set(['SERVICE_UNAVAILABLE', 'INTERNAL_ERROR', 'IDEMPOTENCY_KEY_IN_USE', 'RATE_LIMITED']);
/** An operator answer nobody could read: the spec allows a careful retry with the same key. */
const OPERATOR_ERROR_RETRIES = 2;
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * A merchant backend that follows the spec's client rules: every money request carries an
 * Idempotency-Key, and whatever does not give a final answer (our 5xx, a dropped connection while
 * a service is being killed, a busy key) is retried with the same key, with backoff, until it
 * does. So one operation can never become two transactions, whatever fails underneath.
 */
export class MerchantClient {
  constructor(
    private readonly baseUrl: string,
    private readonly appKey: string,
    private readonly giveUpMs = 180_000,
  ) {}

  async post(path: string, body: Record<string, unknown>): Promise<FinalAnswer> {
    const key = randomUUID();
    const started = Date.now();
    let requests = 0;
    let operatorErrors = 0;
    for (let attempt = 0; ; attempt++) {
      requests++;
      const answer = await this.once(path, body, key);
      const final = answer && (!RETRY_SAME_KEY.has(answer.code ?? '') || answer.limitedBy === 'network');
      if (final && !(answer.code === 'OPERATOR_ERROR' && operatorErrors++ < OPERATOR_ERROR_RETRIES)) {
        return { ...answer, requests };
      }
      if (Date.now() - started > this.giveUpMs) return { status: answer?.status ?? 0, code: answer?.code ?? 'NO_ANSWER', transactionId: answer?.transactionId, requests };
      await sleep(Math.min(4_000, 250 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random()));
    }
  }

  async get<T>(path: string): Promise<T | undefined> {
    try {
      const res = await fetch(`${this.baseUrl}${path}`, { headers: { authorization: `Bearer ${this.appKey}` }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      return res.ok ? ((await res.json()) as T) : undefined;
    } catch {
      return undefined;
    }
  }

  /** One request; undefined when there was no HTTP answer at all. */
  private async once(path: string, body: Record<string, unknown>, key: string): Promise<Omit<FinalAnswer, 'requests'> | undefined> {
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.appKey}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const parsed = (await res.json().catch(() => ({}))) as { data?: { id?: string }; code?: string; details?: { transaction_id?: string; limited_by?: string } };
      return { status: res.status, code: parsed.code, transactionId: parsed.data?.id ?? parsed.details?.transaction_id, limitedBy: parsed.details?.limited_by };
    } catch {
      return undefined;
    }
  }
}
