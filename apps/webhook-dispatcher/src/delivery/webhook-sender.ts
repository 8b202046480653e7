import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Agent, request } from 'undici';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config';

/** How much of a receiver's answer we keep in the attempt log (documented). */
export const RESPONSE_BODY_LIMIT = 4_096;

export interface SendResult {
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

/** One HTTP POST of a signed delivery. Redirects are not followed: they count as failures. */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly agent = new Agent({ connections: 32, keepAliveTimeout: 10_000 });

  constructor(private readonly config: WebhookDispatcherConfig) {}

  async post(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
    const started = Date.now();
    try {
      const res = await request(url, {
        dispatcher: this.agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'momo-gateway-webhooks/1', ...headers },
        body,
        signal: AbortSignal.timeout(this.config.WEBHOOK_TIMEOUT_MS),
        headersTimeout: this.config.WEBHOOK_TIMEOUT_MS,
        bodyTimeout: this.config.WEBHOOK_TIMEOUT_MS,
      });
      const text = await readLimited(res.body, RESPONSE_BODY_LIMIT);
      return { statusCode: res.statusCode, responseBody: text, error: null, durationMs: Date.now() - started };
    } catch (error) {
      const code = (error as { code?: string }).code;
      const message = (error as { name?: string }).name === 'TimeoutError' ? 'timeout' : code ?? (error as Error).message;
      return { statusCode: null, responseBody: null, error: message, durationMs: Date.now() - started };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }
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
