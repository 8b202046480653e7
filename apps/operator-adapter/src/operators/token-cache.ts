import { Clock, SystemClock } from '@momo/platform';

/** Refresh this long before the operator says a token expires, so no call carries a dying token. */
const REFRESH_MARGIN_MS = 60_000;

export interface IssuedToken {
  token: string;
  lifetimeMs: number;
}

/**
 * One access token per scope (an MTN product, Airtel's single API), cached until shortly before
 * it expires. Concurrent callers share one refresh (single flight), so a burst of requests makes
 * one token call, not hundreds.
 */
export class TokenCache<Scope extends string> {
  private readonly tokens = new Map<Scope, { token: string; refreshAt: number }>();
  private readonly inFlight = new Map<Scope, Promise<string>>();

  constructor(
    private readonly fetchToken: (scope: Scope) => Promise<IssuedToken>,
    private readonly clock: Clock = new SystemClock(),
  ) {}

  async token(scope: Scope): Promise<string> {
    const cached = this.tokens.get(scope);
    if (cached && cached.refreshAt > this.clock.now().getTime()) return cached.token;
    let pending = this.inFlight.get(scope);
    if (!pending) {
      pending = this.refresh(scope).finally(() => this.inFlight.delete(scope));
      this.inFlight.set(scope, pending);
    }
    return pending;
  }

  /** A 401 on a call means the token went bad early: forget it. */
  invalidate(scope: Scope): void {
    this.tokens.delete(scope);
  }

  /**
   * Sends with the scope's token; when the operator refuses the token itself (`refused`: a 401,
   * which means it did nothing), forgets it and sends once more with a fresh one.
   */
  async sendAuthorized<R>(scope: Scope, send: (token: string) => Promise<R>, refused: (response: R) => boolean): Promise<R> {
    const response = await send(await this.token(scope));
    if (!refused(response)) return response;
    this.invalidate(scope);
    return send(await this.token(scope));
  }

  private async refresh(scope: Scope): Promise<string> {
    const { token, lifetimeMs } = await this.fetchToken(scope);
    // Short-lived tokens (Airtel: 180 s) are refreshed at half their life rather than never cached.
    const refreshIn = Math.max(lifetimeMs - REFRESH_MARGIN_MS, lifetimeMs / 2);
    this.tokens.set(scope, { token, refreshAt: this.clock.now().getTime() + refreshIn });
    return token;
  }
}

export class OperatorTokenError extends Error {
  constructor(
    readonly operator: string,
    detail: string,
  ) {
    super(`could not get a ${operator} access token: ${detail}`);
    this.name = 'OperatorTokenError';
  }
}

/** `expires_in` arrives as a number or, from Airtel, sometimes as a string. */
export function lifetimeMsOf(expiresIn: unknown, fallbackSeconds: number): number {
  const seconds = Number(expiresIn);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : fallbackSeconds) * 1000;
}
