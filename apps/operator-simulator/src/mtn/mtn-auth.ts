import { randomBytes } from 'node:crypto';

/** Access tokens the simulated MTN has issued, per product. */
export class MtnTokenIssuer {
  private readonly tokens = new Map<string, { product: string; expiresAt: number }>();

  issue(product: string, ttlSeconds: number): string {
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { product, expiresAt: Date.now() + ttlSeconds * 1000 });
    return token;
  }

  isValid(authorization: string | undefined, product: string): boolean {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const entry = token ? this.tokens.get(token) : undefined;
    return !!entry && entry.product === product && entry.expiresAt > Date.now();
  }
}
