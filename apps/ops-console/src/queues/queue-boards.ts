import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { ALL_QUEUES } from '@momo/contracts';
import { redisOptionsFromUrl } from '@momo/platform';
import { OpsConsoleConfig } from '../ops-console.config';

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

/**
 * bull-board's page links web fonts from a public CDN. The console runs on an internal network
 * and must not make on-call's browser call out (nor fail to): the same page without that link,
 * written once at start-up where the container may write (/tmp), falling back to the system font.
 */
function offlineViews(): string {
  const uiDist = dirname(require.resolve('@bull-board/ui/package.json'));
  const original = readFileSync(join(uiDist, 'dist', 'index.ejs'), 'utf8');
  const folder = join(tmpdir(), `momo-ops-console-views-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'index.ejs'), original.replace(/<link[^>]+fonts\.googleapis\.com[^>]*>/g, ''));
  return folder;
}
