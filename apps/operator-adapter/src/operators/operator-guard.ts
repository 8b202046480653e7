import CircuitBreaker from 'opossum';
import type { OperatorResponse } from '../http/operator-http.client';
import { watchGuard } from './operator-guard.metrics';
import { parseJson } from './wire';

export interface GuardOptions {
  /** Calls in flight at once towards this operator (beyond: refused at once, not queued). */
  capacity: number;
  /** Failure share over the rolling window that opens the circuit. */
  errorThresholdPercentage: number;
  /** Calls in the window before the share counts at all. */
  volumeThreshold: number;
  rollingWindowMs: number;
  /** How long the circuit stays open before one trial call. */
  resetTimeoutMs: number;
}

/** An exchange that says the operator is in trouble (it still goes back to the caller as it was). */
class TroubledExchange extends Error {
  constructor(readonly response: OperatorResponse) {
    super('operator exchange failed');
  }
}

/**
 * One operator in one mode: a circuit breaker (opossum) over every call to it, and a bound on
 * calls in flight. Refusals (4xx, MTN's 500 with a reason code) are answers, not failures: only
 * silence, unreachable hosts and 5xx without a reason open the circuit. While it is open, calls
 * are not sent: they come back as `not_sent` with the time left before the next trial.
 */
export class OperatorGuard {
  private readonly breaker: CircuitBreaker<[() => Promise<OperatorResponse>], OperatorResponse>;
  private openedAt = 0;
  private readonly unwatch: () => void;

  constructor(
    readonly name: string,
    private readonly options: GuardOptions,
  ) {
    this.breaker = new CircuitBreaker(
      async (send: () => Promise<OperatorResponse>) => {
        const response = await send();
        if (isTrouble(response)) throw new TroubledExchange(response);
        return response;
      },
      {
        name,
        timeout: false, // every exchange has its own timeout in the HTTP client
        capacity: options.capacity,
        errorThresholdPercentage: options.errorThresholdPercentage,
        volumeThreshold: options.volumeThreshold,
        rollingCountTimeout: options.rollingWindowMs,
        resetTimeout: options.resetTimeoutMs,
      },
    );
    this.breaker.on('open', () => (this.openedAt = Date.now()));
    // The guard's name is `<network>.<mode>` (OperatorHttpClient.guardOf).
    const [network, mode = ''] = name.split('.');
    this.unwatch = watchGuard(() => {
      const stats = this.breaker.stats;
      return {
        network,
        mode,
        state: this.breaker.opened ? 2 : this.breaker.halfOpen ? 1 : 0,
        calls: stats.fires,
        failures: stats.failures,
        rejected: stats.rejects + stats.semaphoreRejections,
      };
    });
  }

  get isOpen(): boolean {
    return this.breaker.opened;
  }

  async run(send: () => Promise<OperatorResponse>): Promise<OperatorResponse> {
    try {
      return await this.breaker.fire(send);
    } catch (error) {
      if (error instanceof TroubledExchange) return error.response;
      const code = (error as { code?: string }).code;
      if (code === 'EOPENBREAKER') {
        const left = this.openedAt + this.options.resetTimeoutMs - Date.now();
        return { kind: 'not_sent', error: 'circuit open', retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
      }
      if (code === 'ESEMLOCKED') return { kind: 'not_sent', error: 'too many calls in flight', retryAfterSeconds: 1 };
      throw error;
    }
  }

  shutdown(): void {
    this.unwatch();
    this.breaker.shutdown();
  }
}

/** Silence, an unreachable host, or a 5xx that is not an operator's reasoned refusal. */
export function isTrouble(response: OperatorResponse): boolean {
  if (response.kind !== 'response') return true;
  if (response.status < 500) return false;
  if (response.status === 500 && typeof parseJson(response.body)?.code === 'string') return false;
  return true;
}
