/**
 * Gateways cache authenticated keys for a few seconds. Whoever changes what a key may do
 * (revoke or rotate it, suspend or verify a merchant, disable an app, change budgets) publishes
 * on this Redis channel after committing, and every gateway drops its cache at once.
 */
export function authInvalidationChannel(queuePrefix: string): string {
  return `${queuePrefix}:auth-invalidations`;
}

export interface AuthInvalidation {
  reason: string;
  merchantId?: string;
}
