import { Injectable } from '@nestjs/common';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config';

/** Timeouts in a row after which an app's endpoint is treated as slow. */
const SLOW_AFTER_TIMEOUTS = 2;

/**
 * Per-app limits on attempts in flight in this process, so a slow or dead endpoint holds only a
 * few workers and every other app's deliveries keep flowing. An app whose attempts keep timing
 * out drops to a narrow lane until one attempt gets an answer in time.
 */
@Injectable()
export class AppLanes {
  private readonly inFlight = new Map<string, number>();
  private readonly timeoutsInARow = new Map<string, number>();
  private readonly normalLimit: number;
  private readonly slowLimit: number;

  constructor(config: WebhookDispatcherConfig) {
    this.normalLimit = config.WEBHOOK_PER_APP_CONCURRENCY;
    this.slowLimit = Math.max(1, Math.floor(config.WEBHOOK_PER_APP_CONCURRENCY / 5));
  }

  /** Takes a place in the app's lane, or returns false if the lane is full. */
  tryEnter(appId: string): boolean {
    const current = this.inFlight.get(appId) ?? 0;
    if (current >= this.limitFor(appId)) return false;
    this.inFlight.set(appId, current + 1);
    return true;
  }

  leave(appId: string): void {
    const current = (this.inFlight.get(appId) ?? 1) - 1;
    if (current <= 0) this.inFlight.delete(appId);
    else this.inFlight.set(appId, current);
  }

  recordOutcome(appId: string, timedOut: boolean): void {
    if (timedOut) this.timeoutsInARow.set(appId, (this.timeoutsInARow.get(appId) ?? 0) + 1);
    else this.timeoutsInARow.delete(appId);
  }

  limitFor(appId: string): number {
    return (this.timeoutsInARow.get(appId) ?? 0) >= SLOW_AFTER_TIMEOUTS ? this.slowLimit : this.normalLimit;
  }
}
