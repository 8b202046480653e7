import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { generateWebhookSecret, JobIds, QueueName, toTransactionView } from '@momo/contracts';
import type { Mode } from '@momo/domain';
import { AppsRepository, DeliveryLogRepository, MerchantsRepository, OutboxRepository, TransactionsRepository, WebhookAttemptEntity, WebhookDeliveriesRepository, WebhookDeliveryEntity } from '@momo/data';
import { Clock, JobProducer, SecretBox } from '@momo/platform';
import { insertTransaction, newTransaction, seedMerchant, SeededMerchant, SeedMerchantOptions, ServiceHarness, TEST_SECRETS_KEY, TestDatabase, waitFor } from '@momo/testing';
import { WebhookDispatcherModule } from '../app.module';
import { webhookDispatcherService } from '../service-definition';
import { DeliverySweeper } from '../sweeper/delivery-sweeper.service';

/** A clock the test moves by hand. */
export class TestClock extends Clock {
  private current = Date.now();

  now(): Date {
    return new Date(this.current);
  }

  advanceTo(date: Date): void {
    this.current = Math.max(this.current, date.getTime());
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

/**
 * The real webhook-dispatcher, in this process, on its own database and queue prefix (real
 * Postgres and Redis; the generic ServiceHarness), so tests can drive the clock and look at what
 * it did.
 */
export class DispatcherHarness {
  private constructor(
    private readonly services: ServiceHarness,
    readonly app: NestFastifyApplication,
    readonly clock: TestClock,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<DispatcherHarness> {
    const services = await ServiceHarness.start('wd');
    const clock = new TestClock();
    try {
      // A real HTTP app, as the service runs (its request logging context is what job logs hang on).
      const { app } = await services.boot(
        { ...webhookDispatcherService, rootModule: (config) => WebhookDispatcherModule.forRoot(config, { clock }) },
        { WEBHOOK_SWEEP_INTERVAL_MS: '600000', ...env },
      );
      return new DispatcherHarness(services, app, clock);
    } catch (error) {
      await services.stop();
      throw error;
    }
  }

  get db(): TestDatabase {
    return this.services.db;
  }

  get queuePrefix(): string {
    return this.services.queuePrefix;
  }

  get webhooks(): WebhookDeliveriesRepository {
    return this.app.get(WebhookDeliveriesRepository);
  }

  /** The merchant's side (replays), which the gateway owns: straight on the test database. */
  get deliveryLog(): DeliveryLogRepository {
    return new DeliveryLogRepository(this.db.dataSource);
  }

  /** The merchant's side (secret rotation), which the gateway owns: straight on the test database. */
  get apps(): AppsRepository {
    return new AppsRepository(this.db.dataSource);
  }

  get sweeper(): DeliverySweeper {
    return this.app.get(DeliverySweeper);
  }

  get producer(): JobProducer {
    return this.app.get(JobProducer);
  }

  seedMerchant(webhookUrl: string | null, options: Omit<SeedMerchantOptions, 'webhookUrl'> = {}): Promise<SeededMerchant> {
    return seedMerchant(this.db.dataSource, { ...options, webhookUrl });
  }

  /** Another app of the merchant, with its own URL (both modes) and secrets (one per mode); returns the test secret. */
  async addApp(merchant: SeededMerchant, webhookUrl: string): Promise<{ appId: string; webhookSecret: string }> {
    const appId = randomUUID();
    const webhookSecret = generateWebhookSecret();
    const box = new SecretBox(TEST_SECRETS_KEY);
    await new MerchantsRepository(this.db.dataSource).upsertApp({
      id: appId,
      merchantId: merchant.merchantId,
      name: 'Other app',
      webhooks: { test: { url: webhookUrl, secretCiphertext: box.seal(webhookSecret) }, live: { url: webhookUrl, secretCiphertext: box.seal(generateWebhookSecret()) } },
    });
    return { appId, webhookSecret };
  }

  async setWebhookUrl(appId: string, url: string, mode: Mode = 'test'): Promise<void> {
    await this.db.dataSource.query(`UPDATE app_webhook_settings SET url = $3 WHERE app_id = $1 AND mode = $2`, [appId, mode, url]);
  }

  async setAppStatus(appId: string, status: 'active' | 'disabled'): Promise<void> {
    await this.db.dataSource.query(`UPDATE apps SET status = $2 WHERE id = $1`, [appId, status]);
  }

  /**
   * What payments-core does when a transaction becomes final: the event in the outbox, then the
   * relay's job. Returns the event id.
   */
  async publishEvent(
    owner: { merchantId: string; appId: string },
    type: 'payment.succeeded' | 'payout.failed' = 'payment.succeeded',
    { queue = true, mode = 'test' }: { queue?: boolean; mode?: Mode } = {},
  ): Promise<string> {
    const ds = this.db.dataSource;
    const inserted = await insertTransaction(ds, newTransaction(owner, { mode }));
    const finalised = await ds.transaction((em) =>
      new TransactionsRepository(ds).finalize(
        inserted.id,
        type.endsWith('succeeded') ? { status: 'succeeded', failureCode: null, failureMessage: null, providerRef: 'p-1' } : { status: 'failed', failureCode: 'DECLINED', failureMessage: 'Declined.' },
        em,
      ),
    );
    await ds.transaction((em) => new OutboxRepository(ds).add(em, type, toTransactionView(finalised!)));
    const [{ id }] = (await ds.query(`SELECT id FROM outbox_events WHERE transaction_id = $1`, [inserted.id])) as { id: string }[];
    if (queue) await this.producer.add('publish-webhook-event', { eventId: id }, { jobId: JobIds.webhookEvent(id) });
    return id;
  }

  async deliveryOfEvent(eventId: string): Promise<WebhookDeliveryEntity> {
    return waitFor(() => this.db.dataSource.manager.findOneBy(WebhookDeliveryEntity, { eventId }).then((d) => d ?? undefined), {
      what: `the delivery of event ${eventId}`,
    });
  }

  async delivery(id: string): Promise<WebhookDeliveryEntity> {
    return this.db.dataSource.manager.findOneByOrFail(WebhookDeliveryEntity, { id });
  }

  attempts(deliveryId: string): Promise<WebhookAttemptEntity[]> {
    return this.db.dataSource.manager.find(WebhookAttemptEntity, { where: { deliveryId }, order: { attemptNumber: 'ASC' } });
  }

  /** Waits until the delivery has `count` attempts recorded, and returns them. */
  async waitForAttempts(deliveryId: string, count: number, timeoutMs = 15_000): Promise<WebhookAttemptEntity[]> {
    return waitFor(
      async () => {
        const attempts = await this.attempts(deliveryId);
        return attempts.length >= count ? attempts : undefined;
      },
      { timeoutMs, what: `${count} attempt(s) of delivery ${deliveryId}` },
    );
  }

  /** Waits until the dispatcher's queues have nothing left to do now. */
  waitForAllJobsToFinish(): Promise<void> {
    return this.services.waitForAllJobsToFinish({ queues: [QueueName.WebhookEvents, QueueName.WebhookDeliveries] });
  }

  stop(): Promise<void> {
    return this.services.stop();
  }
}
