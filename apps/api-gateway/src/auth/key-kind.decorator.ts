import { SetMetadata } from '@nestjs/common';
import type { ApiKeyKind } from '@momo/data';
import type { Budget } from '../rate-limit/rate-limiter';

export const KEY_KIND = Symbol('KEY_KIND');
export const RATE_BUDGET = Symbol('RATE_BUDGET');

/**
 * The kinds of key an endpoint accepts: app keys move money and read their app's transactions,
 * account keys manage the account. A key of another kind gets a 403 naming the right kind.
 */
export const RequiresKey = (...kinds: [ApiKeyKind, ...ApiKeyKind[]]) => SetMetadata(KEY_KIND, kinds);

/** Which per-minute budget a route counts against; by default GET and HEAD are reads, the rest writes. */
export const RateBudget = (budget: Budget) => SetMetadata(RATE_BUDGET, budget);
