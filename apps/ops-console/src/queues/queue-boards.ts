import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { ALL_QUEUES } from '@momo/contracts';
import { redisOptionsFromUrl } from '@momo/platform';
import { OpsConsoleConfig } from '../ops-console.config';
import { offlineViews } from './offline-views';

/**
 * bull-board over every queue of every service (the names in @momo/contracts, under this
 * environment's prefix), twice: `/queues` with every action (operators) and `/queues-readonly`
 * where bull-board itself refuses every change (viewers). Who may open which is decided by the
 * access-control hook; bull-board's read-only mode is the second lock.
 */
export async function mountQueueBoards(app: NestFastifyApplication, config: OpsConsoleConfig): Promise<Queue[]> {
  const connection = redisOptionsFromUrl(config.REDIS_URL);
  const queues = ALL_QUEUES.map((name) => new Queue(name, { connection, prefix: config.QUEUE_PREFIX }));
  const fastify = app.getHttpAdapter().getInstance();
  for (const board of [
    { basePath: '/queues', readOnlyMode: false, title: 'Queues' },
    { basePath: '/queues-readonly', readOnlyMode: true, title: 'Queues (read-only)' },
  ]) {
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(board.basePath);
    createBullBoard({
      queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: board.readOnlyMode, allowRetries: !board.readOnlyMode })),
      serverAdapter,
      options: {
        uiConfig: {
          boardTitle: board.title,
          hideDocsLink: true,
          miscLinks: [{ text: '← Console', url: '/' }],
        },
      },
    });
    serverAdapter.setViewsPath(offlineViews());
    await fastify.register(serverAdapter.registerPlugin(), { prefix: board.basePath });
  }
  return queues;
}
