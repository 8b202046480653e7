import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { DelayedError, Job } from 'bullmq';
import { DeliverWebhookJob, QueueName } from '@momo/contracts';
import { AttemptRecord, SigningApp, WebhookDeliveryEntity, WebhooksRepository } from '@momo/data';
import { checkDestinationUrl, JobHandlerHost, JobHandlers } from '@momo/platform';
import { Clock } from '../clock';
import { ATTEMPT_LEASE_MS, DELIVERY_LOCK_MS, WebhookDispatcherConfig } from '../webhook-dispatcher.config';
import { AppLanes } from './app-lanes';
import { DeliveryJobs } from './delivery-jobs';
import { DeliverySigner } from './delivery-signer';
import { isDelivered, RetryRules, verdictAfter } from './retry-schedule';
import { webhookAttempts, webhookAttemptSeconds, webhookPostponed } from './webhook.metrics';
import { SendResult, WebhookSender } from './webhook-sender';

/**
 * One attempt at one delivery: claim it in Postgres (one worker at a time), sign the stored body,
 * POST it, record the attempt with the delivery's next state, and queue the next attempt. The
 * delivery row is the truth; the job only says "try attempt N now". Every step can run twice:
 * the claim and the record are conditional on the attempt number.
 */
@Processor(QueueName.WebhookDeliveries, { lockDuration: DELIVERY_LOCK_MS, maxStalledCount: 2 })
export class WebhookDeliveriesProcessor extends JobHandlerHost<typeof QueueName.WebhookDeliveries> {
  private readonly logger = new Logger(WebhookDeliveriesProcessor.name);
  protected readonly queue = QueueName.WebhookDeliveries;
  protected readonly handlers: JobHandlers<typeof QueueName.WebhookDeliveries> = {
    'deliver-webhook': (payload, job) => this.deliver(payload, job),
  };
  private readonly rules: RetryRules;
  private readonly allowLoopback: boolean;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly sender: WebhookSender,
    private readonly signer: DeliverySigner,
    private readonly jobs: DeliveryJobs,
    private readonly lanes: AppLanes,
    private readonly clock: Clock,
    config: WebhookDispatcherConfig,
  ) {
    super();
    this.concurrency = config.DELIVERY_CONCURRENCY;
    this.allowLoopback = config.WEBHOOK_ALLOW_LOCAL_DESTINATIONS === 'loopback';
    this.rules = { maxAttempts: config.WEBHOOK_MAX_ATTEMPTS, firstRetryMs: config.WEBHOOK_FIRST_RETRY_MS, maxRetryMs: config.WEBHOOK_MAX_RETRY_MS };
  }

  private async deliver({ deliveryId, appId, attempt }: DeliverWebhookJob, job: Job): Promise<void> {
    // A full lane means this app's endpoint already holds its share of workers: wait elsewhere.
    if (!this.lanes.tryEnter(appId)) return this.postpone(job, 1_000 + Math.random() * 2_000, 'app_lane_full');
    try {
      const now = this.clock.now();
      const claim = await this.webhooks.claimAttempt(deliveryId, attempt, now, new Date(now.getTime() + ATTEMPT_LEASE_MS));
      if (!claim.claimed) {
        // Delivered, abandoned, or this attempt was already made: this job is stale.
        if (claim.reason !== 'not_due' && claim.reason !== 'leased') return;
        return this.postpone(job, claim.retryAt.getTime() - now.getTime(), claim.reason);
      }
      await this.attempt(claim.delivery, claim.app, attempt, now);
    } finally {
      this.lanes.leave(appId);
    }
  }

  private async attempt(delivery: WebhookDeliveryEntity, app: SigningApp, attemptNumber: number, startedAt: Date): Promise<void> {
    const url = app.webhookUrl;
    let result: SendResult;
    if (!url) {
      result = failure('the app has no webhook URL');
    } else {
      // Checked again at every attempt: the URL may have changed, and the connector checks the addresses.
      const checked = checkDestinationUrl(url, { allowLoopback: this.allowLoopback });
      result = checked.ok ? await this.send(app, delivery, checked.url) : failure(`destination refused: ${checked.reason}`);
    }
    this.lanes.recordOutcome(delivery.appId, result.error === 'timeout');

    const attemptInRound = attemptNumber - delivery.roundStartedAfter;
    const record: AttemptRecord = {
      attemptNumber,
      url,
      trigger: delivery.replayCount > 0 && attemptInRound === 1 ? 'replay' : 'schedule',
      startedAt,
      ...result,
    };
    const now = this.clock.now();
    const recorded = await this.webhooks.recordAttempt(delivery.id, record, verdictAfter(result.statusCode, attemptInRound, this.rules, now), delivery.replayCount, now);
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

  private async send(app: SigningApp, delivery: WebhookDeliveryEntity, url: URL): Promise<SendResult> {
    let headers: Record<string, string>;
    try {
      headers = this.signer.headers(app, delivery);
    } catch (error) {
      this.logger.error({ deliveryId: delivery.id, appId: app.id, err: error }, 'cannot open the app webhook secret');
      return failure('internal error: the delivery could not be signed');
    }
    return this.sender.post(url, delivery.body, headers);
  }

  /** Puts this job back to run later, without counting it as a failed job. */
  private async postpone(job: Job, delayMs: number, reason: string): Promise<never> {
    webhookPostponed.inc({ reason });
    await job.moveToDelayed(Date.now() + Math.max(0, delayMs), job.token);
    throw new DelayedError();
  }
}

function failure(error: string): SendResult {
  return { statusCode: null, responseBody: null, error, durationMs: 0 };
}
