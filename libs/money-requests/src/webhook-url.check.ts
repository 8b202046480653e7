import { Injectable } from '@nestjs/common';
import { ApiError, checkDestinationUrl, resolvePublicAddresses } from '@momo/platform';
import { MoneyRequestSettings } from './money-request.settings';

/**
 * A webhook URL must be public HTTPS (spec: Destination rules): the scheme is checked, then the
 * host is resolved and every address it resolves to must be public. The dispatcher checks again
 * at each delivery, because DNS can change after this. Used by the gateway and the dashboard alike.
 */
@Injectable()
export class WebhookUrlCheck {
  constructor(private readonly config: MoneyRequestSettings) {}

  async assertAllowed(raw: string, field = 'webhook_url'): Promise<string> {
    const policy = { allowLoopback: this.config.WEBHOOK_ALLOW_LOCAL_DESTINATIONS === 'loopback' };
    const url = checkDestinationUrl(raw, policy);
    if (!url.ok) throw refused(field, url.reason);
    const addresses = await withTimeout(resolvePublicAddresses(url.url, policy), this.config.WEBHOOK_URL_CHECK_TIMEOUT_MS);
    if (!addresses) throw refused(field, 'host did not resolve in time');
    if (!addresses.ok) throw refused(field, addresses.reason);
    return url.url.toString();
  }
}

function refused(field: string, reason: string): ApiError {
  return new ApiError('VALIDATION_FAILED', undefined, { fields: { [field]: [`${field} ${reason} (webhook URLs must be public https)`] } });
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
