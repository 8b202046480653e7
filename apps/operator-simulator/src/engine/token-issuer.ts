import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';

/**
 * Access tokens the simulated operators have issued, by scope (an operator's product). Kept in
 * memory on purpose: after a restart old tokens are refused with 401, as a real token service may
 * do, and clients must fetch a new one.
 */
@Injectable()
export class TokenIssuer {
  private readonly tokens = new Map<string, { scope: string; expiresAt: number }>();

  issue(scope: string, ttlSeconds: number): string {
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { scope, expiresAt: Date.now() + ttlSeconds * 1000 });
    return token;
  }

  isValid(authorization: string | undefined, scope: string): boolean {
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    const entry = token ? this.tokens.get(token) : undefined;
    return !!entry && entry.scope === scope && entry.expiresAt > Date.now();
  }
}
