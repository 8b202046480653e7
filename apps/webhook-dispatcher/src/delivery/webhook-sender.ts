import { readFileSync } from 'node:fs';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Agent, errors, request } from 'undici';
import { createHostResolver, createPublicConnector, DestinationRefusedError, withTimeoutSignal } from '@momo/platform';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config';

/** How much of a receiver's answer we keep in the attempt log (documented in docs/webhooks.md). */
export const RESPONSE_BODY_LIMIT = 4_096;

export interface SendResult {
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

/**
 * One HTTP POST of a signed delivery. Every new connection goes through the public-destination
 * connector (resolve once, check every address, connect to the checked one); redirects are not
 * followed; the whole exchange is bounded by the webhook timeout.
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly agent: Agent;

  constructor(private readonly config: WebhookDispatcherConfig) {
    const dnsServers = config.WEBHOOK_DNS_SERVERS ? config.WEBHOOK_DNS_SERVERS.split(',') : [];
    this.agent = new Agent({
      connections: config.WEBHOOK_CONNECTIONS_PER_ORIGIN,
      keepAliveTimeout: 10_000,
      connect: createPublicConnector({
        policy: { allowLoopback: config.WEBHOOK_ALLOW_LOCAL_DESTINATIONS === 'loopback' },
        resolver: createHostResolver(dnsServers),
        connectTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
        extraCa: config.WEBHOOK_TLS_EXTRA_CA_FILE ? [readFileSync(config.WEBHOOK_TLS_EXTRA_CA_FILE, 'utf8')] : undefined,
      }),
    });
  }

  async post(url: URL, body: string, headers: Record<string, string>): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      return await withTimeoutSignal(this.config.WEBHOOK_TIMEOUT_MS, async (signal) => {
        const res = await request(url, {
          dispatcher: this.agent,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'momo-gateway-webhooks/1', ...headers },
          body,
          signal,
          headersTimeout: this.config.WEBHOOK_TIMEOUT_MS,
          bodyTimeout: this.config.WEBHOOK_TIMEOUT_MS,
        });
        const text = await readLimited(res.body, RESPONSE_BODY_LIMIT);
        const redirect = res.statusCode >= 300 && res.statusCode < 400;
        return { statusCode: res.statusCode, responseBody: text, error: redirect ? 'redirect not followed' : null, durationMs: elapsed() };
      });
    } catch (error) {
      return { statusCode: null, responseBody: null, error: describeFailure(error), durationMs: elapsed() };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
}

/** A short, stable description of why no HTTP answer came back (shown to merchants in the attempt log). */
export function describeFailure(error: unknown): string {
  if (error instanceof DestinationRefusedError) return error.message;
  const e = error as { name?: string; code?: string; message?: string; cause?: unknown };
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError) return 'timeout';
  if (error instanceof errors.ConnectTimeoutError) return 'timeout (connect)';
  switch (e.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
  }
  if (e.code && /CERT|SELF_SIGNED|TLS|SSL|ERR_TLS/.test(e.code)) return `tls error (${e.code})`;
  if (e.cause) return describeFailure(e.cause);
  return e.code ? `network error (${e.code})` : 'network error';
}

async function readLimited(body: AsyncIterable<Buffer> & { destroy?: () => void }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) {
      body.destroy?.();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}
