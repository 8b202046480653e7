import { Injectable, Logger } from '@nestjs/common';
import { REQUEST_ID_DELIVERY_HEADER } from '@momo/contracts';
import { AttemptRecord, SigningEndpoint, WebhookDeliveryEntity } from '@momo/data';
import { checkDestinationUrl, Clock, currentRequestId } from '@momo/platform';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config';
import { LanePass } from './app-lanes';
import { DeliveryJobs } from './delivery-jobs';
import { DeliveryWrites } from './delivery-writes';
import { DeliverySigner } from './delivery-signer';
import { isDelivered, RetryRules, verdictAfter } from './retry-schedule';
import { webhookAttempts, webhookAttemptSeconds } from './webhook.metrics';
import { SendResult, WebhookSender } from './webhook-sender';

/**
 * Makes one claimed attempt: check the current URL of the app in the delivery's mode, sign the
 * stored body with that mode's secret, POST it, record the attempt (with the URL it went to) and
 * the delivery's next state, and queue the next attempt. The caller holds the claim (the lease in
 * Postgres) and a place in the app's lane (`lane`: given back here once the receiver answered,
 * and by the caller in any case).
 */
@Injectable()
export class AttemptRunner {
  private readonly logger = new Logger(AttemptRunner.name);
  private readonly rules: RetryRules;
  private readonly allowLoopback: boolean;

  constructor(
    private readonly writes: DeliveryWrites,
    private readonly sender: WebhookSender,
    private readonly signer: DeliverySigner,
    private readonly jobs: DeliveryJobs,
    private readonly clock: Clock,
    config: WebhookDispatcherConfig,
  ) {
    this.allowLoopback = config.WEBHOOK_ALLOW_LOCAL_DESTINATIONS === 'loopback';
    this.rules = { maxAttempts: config.WEBHOOK_MAX_ATTEMPTS, firstRetryMs: config.WEBHOOK_FIRST_RETRY_MS, maxRetryMs: config.WEBHOOK_MAX_RETRY_MS };
  }

  async run(delivery: WebhookDeliveryEntity, endpoint: SigningEndpoint, attemptNumber: number, startedAt: Date, lane: LanePass): Promise<void> {
    const url = endpoint.url;
    let result: SendResult;
    if (!url) {
      result = failure(`the app has no ${endpoint.mode} webhook URL`);
    } else {
      // Checked again at every attempt: the URL may have changed; the connector checks the addresses.
      const checked = checkDestinationUrl(url, { allowLoopback: this.allowLoopback });
      result = checked.ok ? await this.send(endpoint, delivery, checked.url) : failure(`destination refused: ${checked.reason}`);
    }
    lane.recordOutcome(result.error === 'timeout');
    // The lane caps requests to the receiver: its place is free once the answer is in, while the
    // attempt is still being recorded.
    void lane.leave(); // never rejects; the record need not wait for it

    const attemptInRound = attemptNumber - delivery.roundStartedAfter;
    const record: AttemptRecord = {
      attemptNumber,
      url,
      trigger: delivery.replayCount > 0 && attemptInRound === 1 ? 'replay' : 'schedule',
      startedAt,
      ...result,
    };
    const now = this.clock.now();
    const recorded = await this.writes.record({
      deliveryId: delivery.id,
      attempt: record,
      verdict: verdictAfter(result.statusCode, attemptInRound, this.rules, now),
      replaysSeen: delivery.replayCount,
      now,
    });
    if (!recorded) return; // another run of this attempt got there first
    webhookAttempts.inc({ result: recorded.status === 'pending' ? 'failed' : recorded.status });
    webhookAttemptSeconds.observe(result.durationMs / 1000);
    if (!isDelivered(result.statusCode)) {
      this.logger.log({ deliveryId: delivery.id, attemptNumber, statusCode: result.statusCode, error: result.error, next: recorded.status }, 'webhook attempt failed');
    }
    if (recorded.status === 'pending' && recorded.nextAttemptAt) {
      await this.jobs.schedule(delivery.id, delivery.appId, attemptNumber + 1, recorded.nextAttemptAt);
    }
  }

  private async send(endpoint: SigningEndpoint, delivery: WebhookDeliveryEntity, url: URL): Promise<SendResult> {
    let headers: Record<string, string>;
    try {
      headers = this.signer.headers(endpoint, delivery);
    } catch (error) {
      this.logger.error({ deliveryId: delivery.id, appId: endpoint.appId, mode: endpoint.mode, err: error }, 'cannot open the app webhook secret');
      return failure('internal error: the delivery could not be signed');
    }
    // The payment's request id (kept on the delivery, so replays send it too): the id a merchant quotes to support.
    const requestId = delivery.requestId ?? currentRequestId();
    if (requestId) headers[REQUEST_ID_DELIVERY_HEADER] = requestId;
    return this.sender.post(url, delivery.body, headers);
  }
}

function failure(error: string): SendResult {
  return { statusCode: null, responseBody: null, error, durationMs: 0 };
}
