import type { FastifyInstance } from 'fastify';
import { ServiceDefinition } from '@momo/platform';
import { OperatorAdapterModule } from './app.module';
import { limitCallbacksPerSource } from './callbacks/callback-rate-limit';
import { OperatorAdapterConfig } from './operator-adapter.config';

/** Callback bodies are parsed by us, whatever their content type claims. */
const CALLBACK_CONTENT_TYPE = 'application/x-operator-callback';

/** operator-adapter as a service: what `main.ts` runs as a process and tests boot in theirs. */
export const operatorAdapterService: ServiceDefinition<OperatorAdapterConfig> = {
  name: 'operator-adapter',
  configClass: OperatorAdapterConfig,
  rootModule: (config) => OperatorAdapterModule.forRoot(config),
  options: {
    bodyLimit: (config) => config.CALLBACK_BODY_LIMIT_BYTES,
    configure: async (app, config) => {
      await limitCallbacksPerSource(app, config);
      // Operator callbacks are logged whatever they contain: a body that is not valid JSON (or not
      // labelled as JSON) reaches the controller as text instead of being turned away unseen.
      const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
      fastify.addHook('onRequest', async (req) => {
        if (req.url.startsWith('/callbacks/')) req.headers['content-type'] = CALLBACK_CONTENT_TYPE;
      });
      fastify.addContentTypeParser(CALLBACK_CONTENT_TYPE, { parseAs: 'string' }, (req, body, done) => {
        const text = String(body);
        req.rawCallbackBody = text;
        if (text.trim() === '') return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(null, text);
        }
      });
    },
  },
};
