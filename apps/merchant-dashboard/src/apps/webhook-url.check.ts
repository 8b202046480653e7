import { Injectable } from '@nestjs/common';
import { ApiError, checkDestinationUrl, resolvePublicAddresses } from '@momo/platform';
import { MerchantDashboardConfig } from '../merchant-dashboard.config';

/** The same rule as the gateway's: a webhook URL must be public https, checked on the resolved addresses. */
@Injectable()
export class WebhookUrlCheck {
  constructor(private readonly config: MerchantDashboardConfig) {}

  async assertAllowed(raw: string): Promise<string> {
    const policy = { allowLoopback: this.config.WEBHOOK_ALLOW_LOCAL_DESTINATIONS === 'loopback' };
    const url = checkDestinationUrl(raw, policy);
    if (!url.ok) throw refused(url.reason);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), this.config.WEBHOOK_URL_CHECK_TIMEOUT_MS)));
    const addresses = await Promise.race([resolvePublicAddresses(url.url, policy), timeout]).finally(() => clearTimeout(timer));
    if (!addresses) throw refused('host did not resolve in time');
    if (!addresses.ok) throw refused(addresses.reason);
    return url.url.toString();
  }
}

function refused(reason: string): ApiError {
  return new ApiError('VALIDATION_FAILED', undefined, { fields: { webhook_url: [`webhook_url ${reason} (webhook URLs must be public https)`] } });
}
