import 'reflect-metadata';
import type { FastifyInstance } from 'fastify';
import { runService } from '@momo/platform';
import { OperatorAdapterModule } from './app.module';
import { OperatorAdapterConfig } from './operator-adapter.config';

void runService('operator-adapter', OperatorAdapterConfig, (config) => OperatorAdapterModule.forRoot(config), {
  configure: (app) => {
    // Operator callbacks are logged whatever they contain: a body that is not valid JSON reaches
    // the controller as text instead of being turned away before anyone saw it.
    const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(null, text);
      }
    });
    fastify.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, String(body)));
  },
});
