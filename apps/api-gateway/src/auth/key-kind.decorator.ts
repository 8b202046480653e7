import { SetMetadata } from '@nestjs/common';
import type { ApiKeyKind } from '@momo/data';

export const KEY_KIND = Symbol('KEY_KIND');

/** The kind of key an endpoint accepts: app keys move money, account keys manage the account. */
export const RequiresKey = (kind: ApiKeyKind) => SetMetadata(KEY_KIND, kind);
