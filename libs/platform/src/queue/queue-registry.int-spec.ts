import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Module, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { QueueName } from '@momo/contracts';
import { deleteQueueKeys, TEST_REDIS_URL, uniqueQueuePrefix } from '@momo/testing';
import { ConfigModule, InfraConfig, loadConfig } from '../config';
import { JobHandlerHost, JobHandlers } from './job-handler-host';
import { JobProducer } from './job-producer';
import { QueueRegistry } from './queue-registry';
import { QueuesModule } from './queues.module';

@Processor(QueueName.Settlement)
class SettlementRuns extends JobHandlerHost<typeof QueueName.Settlement> {
  protected readonly queue = QueueName.Settlement;
  protected readonly handlers: JobHandlers<typeof QueueName.Settlement> = { 'settlement-run': async () => undefined };
}

@Processor(QueueName.Settlement)
class MoreSettlementRuns extends SettlementRuns {}

@Processor(QueueName.PaymentCommands)
class HalfTheCommands extends JobHandlerHost<typeof QueueName.PaymentCommands> {
  protected readonly queue = QueueName.PaymentCommands;
  // What the compiler would refuse, as a mistake that slipped past it (a cast, a spread) looks at runtime.
  protected readonly handlers = { 'create-payment': async () => ({ outcome: 'created' }) } as unknown as JobHandlers<typeof QueueName.PaymentCommands>;
}

async function closeWorker(host: WorkerHost): Promise<void> {
  let worker;
  try {
    worker = host.worker;
  } catch {
    return; // the boot failed before this one's worker was made
  }
  await worker.close();
}

/** The boot check of a service's queues and consumers, on a real Nest boot against Redis. */
describe('queue registry at boot (Redis)', () => {
  const prefix = uniqueQueuePrefix('registry');
  const config = loadConfig(InfraConfig, { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix });
  afterAll(() => deleteQueueKeys(prefix));

  /** Boots a service with these queues and consumers; returns the boot error, or the running app's registry and producer. */
  async function boot(queues: QueueName[], consumers: Type[]): Promise<{ error?: Error; registry?: QueueRegistry; producer?: JobProducer }> {
    @Module({ imports: [ConfigModule.forRoot(InfraConfig, config), QueuesModule.forRoot(), QueuesModule.register(...queues)], providers: consumers })
    class ServiceModule {}
    // Compiled first and initialised apart, so that what a failed boot opened can still be closed.
    const app = await Test.createTestingModule({ imports: [ServiceModule] }).compile();
    app.useLogger(false);
    try {
      await app.init();
    } catch (error) {
      // Nest will not close a context whose init failed: close its workers and queues by hand.
      for (const consumer of consumers) await closeWorker(app.get<WorkerHost>(consumer));
      const registry = app.get(QueueRegistry);
      for (const name of registry.names) await registry.queue(name).close();
      return { error: error as Error };
    }
    const registry = app.get(QueueRegistry);
    const producer = app.get(JobProducer);
    await app.close();
    return { registry, producer };
  }

  it('boots when every consumer has its queue registered and a handler for each of its jobs', async () => {
    const { error, registry, producer } = await boot([QueueName.Settlement, QueueName.WebhookEvents], [SettlementRuns]);
    expect(error).toBeUndefined();
    expect(registry!.names).toEqual([QueueName.Settlement, QueueName.WebhookEvents]);
    expect(producer!.queueFor('publish-webhook-event').name).toBe(QueueName.WebhookEvents);
    expect(() => producer!.queueFor('deliver-webhook')).toThrow('queue webhook-deliveries is not registered in this service');
  });

  it('fails on a consumer without a handler for every job of its queue', async () => {
    const { error } = await boot([QueueName.PaymentCommands], [HalfTheCommands]);
    expect(error?.message).toContain('HalfTheCommands (queue payment-commands): no handler for create-payout, create-refund');
  });

  it('fails on two consumers of one queue', async () => {
    const { error } = await boot([QueueName.Settlement], [SettlementRuns, MoreSettlementRuns]);
    expect(error?.message).toContain('MoreSettlementRuns (queue settlement): queue settlement is already handled by SettlementRuns');
  });

  it('fails on a consumer of a queue the service did not register', async () => {
    const { error } = await boot([QueueName.WebhookEvents], [SettlementRuns]);
    expect(error?.message).toContain('SettlementRuns (queue settlement): the queue is not registered in this service');
  });

  it('refuses a queue registered twice before making anything', () => {
    expect(() => QueuesModule.register(QueueName.Settlement, QueueName.WebhookEvents, QueueName.Settlement)).toThrow('queue settlement is registered twice');
  });
});
