import { Injectable } from '@nestjs/common';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config';

export type DestinationVerdict = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Which webhook URLs we are willing to POST to: https only, except plain http to loopback when
 * the local-development allowance is on.
 */
@Injectable()
export class DestinationPolicy {
  constructor(private readonly config: WebhookDispatcherConfig) {}

  check(raw: string): DestinationVerdict {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, reason: 'not a valid URL' };
    }
    if (url.protocol === 'https:') return { ok: true, url };
    const loopbackAllowed = this.config.WEBHOOK_ALLOW_LOCAL_DESTINATIONS === 'loopback';
    if (url.protocol === 'http:' && loopbackAllowed && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
      return { ok: true, url };
    }
    return { ok: false, reason: 'webhook URLs must use https' };
  }
}
