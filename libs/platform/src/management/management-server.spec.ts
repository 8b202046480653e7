import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { HealthModule } from '../health';
import { serveManagement } from './management-server';

@Module({ imports: [HealthModule.forRoot({ database: false, redis: false })] })
class ProbeOnlyModule {}

describe('serveManagement', () => {
  it('serves liveness, readiness and metrics on its own port, nothing else, and stops being ready on shutdown', async () => {
    const app = await NestFactory.createApplicationContext(ProbeOnlyModule, { logger: false });
    const management = await serveManagement(app, 0, '127.0.0.1');
    const url = (path: string) => `http://127.0.0.1:${management.port}${path}`;
    try {
      expect((await fetch(url('/health/live'))).status).toBe(200);
      expect((await fetch(url('/health/ready'))).status).toBe(200);
      const metrics = await fetch(url('/metrics'));
      expect(metrics.headers.get('content-type')).toContain('text/plain');
      expect(await metrics.text()).toContain('process_cpu_user_seconds_total');
      expect((await fetch(url('/v1/payments'))).status).toBe(404);
      const post = await fetch(url('/health/ready'), { method: 'POST' });
      expect({ status: post.status, allow: post.headers.get('allow') }).toEqual({ status: 405, allow: 'GET, HEAD' });
      management.markStopping();
      expect((await fetch(url('/health/ready'))).status).toBe(503);
      expect((await fetch(url('/health/live'))).status).toBe(200);
    } finally {
      await management.close();
      await app.close();
    }
  });
});
