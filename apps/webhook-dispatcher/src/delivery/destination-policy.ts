import { Injectable } from '@nestjs/common';
import { checkDestinationUrl, resolvePublicAddresses } from '@momo/platform';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config';

export type DestinationVerdict = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string };

/**
 * Whether a webhook URL may be called right now: https, and a host that resolves only to public
 * addresses (plain http and loopback too when the local-development allowance is on).
 */
@Injectable()
export class DestinationPolicy {
  constructor(private readonly config: WebhookDispatcherConfig) {}

  async check(raw: string): Promise<DestinationVerdict> {
    const policy = { allowLoopback: this.config.WEBHOOK_ALLOW_LOCAL_DESTINATIONS === 'loopback' };
    const url = checkDestinationUrl(raw, policy);
    if (!url.ok) return url;
    const addresses = await resolvePublicAddresses(url.url, policy);
    if (!addresses.ok) return addresses;
    return { ok: true, url: url.url, addresses: addresses.addresses };
  }
}
