import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { DynamicModule, Global, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { QueueName } from '@momo/contracts';
import { InfraConfig } from '../config';
import { JobHandlerHost } from './job-handler-host';
import { JobBatches } from './job-batches';
import { JobProducer } from './job-producer';
import { JobRpc } from './job-rpc';
import { QueueMetrics } from './queue-metrics';
import { QueueRegistry } from './queue-registry';
import { redisOptionsFromUrl } from './redis-connection';
import { useReplyConnection } from './reply-publisher';

@Global()
@Module({})
class QueueConnectionModule {}

/** Fails boot when the service's consumers do not match its queues and the job map (QueueRegistry.check). */
@Injectable()
class QueueConsumersCheck implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly queues: QueueRegistry,
  ) {}

  onModuleInit(): void {
    const consumers = this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is JobHandlerHost<QueueName> => instance instanceof JobHandlerHost);
    this.queues.check(consumers.map((consumer) => consumer.consumer));
  }
}

/**
 * BullMQ wiring for a service: `forRoot` once per service (connection, prefix), then `register`
 * once with every queue the service produces to or consumes. It builds the service's
 * QueueRegistry and checks its consumers (@Processor classes extending JobHandlerHost) at boot.
 */
@Module({})
export class QueuesModule {
  static forRoot(): DynamicModule {
    return {
      module: QueueConnectionModule,
      imports: [
        BullModule.forRootAsync({
          inject: [InfraConfig],
          useFactory: (config: InfraConfig) => {
            const connection = redisOptionsFromUrl(config.REDIS_URL);
            useReplyConnection(connection);
            return { connection, prefix: config.QUEUE_PREFIX };
          },
        }),
      ],
      exports: [BullModule],
    };
  }

  static register(...queues: QueueName[]): DynamicModule {
    const twice = queues.find((name, i) => queues.indexOf(name) !== i);
    if (twice) throw new Error(`queue ${twice} is registered twice`);
    const bull = BullModule.registerQueue(...queues.map((name) => ({ name })));
    return {
      module: QueuesModule,
      imports: [bull, DiscoveryModule],
      providers: [
        { provide: QueueRegistry, inject: queues.map((name) => getQueueToken(name)), useFactory: (...registered: Queue[]) => new QueueRegistry(registered) },
        QueueConsumersCheck,
        JobProducer,
        JobRpc,
        JobBatches,
        QueueMetrics,
      ],
      exports: [bull, QueueRegistry, JobProducer, JobRpc, JobBatches],
    };
  }
}
