import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { InfraConfig } from '../config';
import { JobProducer } from './job-producer';
import { JobRpc } from './job-rpc';
import { QueueMetrics, WATCHED_QUEUES } from './queue-metrics';
import { redisOptionsFromUrl } from './redis-connection';
import { useReplyConnection } from './reply-publisher';

@Global()
@Module({})
class QueueConnectionModule {}

/**
 * BullMQ wiring for a service: `forRoot` once per service (connection, prefix), then `register`
 * with the queues this module produces to. Consumers declare their queue with @Processor and
 * import `register` for it too.
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
    const bull = BullModule.registerQueue(...queues.map((name) => ({ name })));
    return {
      module: QueuesModule,
      imports: [bull],
      providers: [JobProducer, JobRpc, QueueMetrics, { provide: WATCHED_QUEUES, useValue: queues }],
      exports: [bull, JobProducer, JobRpc],
    };
  }
}
