import type { Mode } from '@momo/domain';
import type { ApiKeyKind } from '@momo/data';

/** Who is calling, once the API key checked out. */
export interface Principal {
  keyId: string;
  kind: ApiKeyKind;
  mode: Mode;
  merchantId: string;
  /** Set for app keys; null for account keys. */
  appId: string | null;
  businessVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}
