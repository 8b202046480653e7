import { OperatorHttpClient } from '../http/operator-http.client';
import { MtnSettings } from './mtn-settings';

export type MtnProduct = 'collection' | 'disbursement';

/** Refresh this long before MTN says the token expires, so no call carries a dying token. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * One access token per MTN product, cached until shortly before expiry. Concurrent callers share
 * one refresh (single flight), so a burst of requests makes one token call, not hundreds.
 */
export class MtnTokenCache {
  private readonly tokens = new Map<MtnProduct, { token: string; refreshAt: number }>();
  private readonly inFlight = new Map<MtnProduct, Promise<string>>();

  constructor(
    private readonly settings: MtnSettings,
    private readonly http: OperatorHttpClient,
    private readonly now: () => number = Date.now,
  ) {}

  async token(product: MtnProduct): Promise<string> {
    const cached = this.tokens.get(product);
    if (cached && cached.refreshAt > this.now()) return cached.token;
    let pending = this.inFlight.get(product);
    if (!pending) {
      pending = this.fetch(product).finally(() => this.inFlight.delete(product));
      this.inFlight.set(product, pending);
    }
    return pending;
  }

  /** A 401 on a call means the token went bad early: forget it. */
  invalidate(product: MtnProduct): void {
    this.tokens.delete(product);
  }

  private async fetch(product: MtnProduct): Promise<string> {
    const basic = Buffer.from(`${this.settings.apiUser}:${this.settings.apiKey}`).toString('base64');
    const response = await this.http.send({
      network: 'mtn',
      mode: this.settings.mode,
      operation: `${product}.token`,
      transactionId: null,
      method: 'POST',
      url: `${this.settings.baseUrl}/${product}/token/`,
      headers: {
        Authorization: `Basic ${basic}`,
        'Ocp-Apim-Subscription-Key': this.settings.subscriptionKeys[product],
        'X-Target-Environment': this.settings.targetEnvironment,
      },
    });
    if (response.kind !== 'response' || response.status < 200 || response.status > 299) {
      throw new MtnTokenError(response.kind === 'response' ? `HTTP ${response.status}` : response.error);
    }
    const body = JSON.parse(response.body) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new MtnTokenError('no access_token in answer');
    const lifetimeMs = Number(body.expires_in ?? 3600) * 1000;
    this.tokens.set(product, { token: body.access_token, refreshAt: this.now() + Math.max(lifetimeMs - REFRESH_MARGIN_MS, lifetimeMs / 2) });
    return body.access_token;
  }
}

export class MtnTokenError extends Error {
  constructor(detail: string) {
    super(`could not get an MTN MoMo access token: ${detail}`);
    this.name = 'MtnTokenError';
  }
}
