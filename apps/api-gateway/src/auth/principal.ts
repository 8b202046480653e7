import type { Mode } from '@momo/domain';
import type { ApiKeyKind } from '@momo/data';

/** Who is calling, once the API key checked out. */
export interface Principal {
  keyId: string;
  kind: ApiKeyKind;
  mode: Mode;
  merchantId: string;
  appId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}
