import { SetMetadata } from '@nestjs/common';
import type { ApiKeyKind } from '@momo/data';

export const KEY_KIND = Symbol('KEY_KIND');

/**
 * The kinds of key an endpoint accepts: app keys move money and read their app's transactions,
 * account keys manage the account. A key of another kind gets a 403 naming the right kind.
 */
export const RequiresKey = (...kinds: [ApiKeyKind, ...ApiKeyKind[]]) => SetMetadata(KEY_KIND, kinds);

