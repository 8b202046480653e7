import { createServer, IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  receivedAt: number;
}

/** What the receiver answers: a status alone, or a status with a body, headers and a delay. */
export type ReceiverAnswer = number | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

export interface WebhookReceiverOptions {
  /** Serve HTTPS with this key and certificate (PEM) instead of plain HTTP. */
  tls?: { keyPem: string; certPem: string };
  /** The host name in `url` (it must resolve to 127.0.0.1 for whoever calls it). */
  hostname?: string;
}

/**
 * A real local HTTP(S) endpoint that records every delivery byte for byte, answering with
 * whatever the test asks for.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  respondWith: (request: ReceivedWebhook) => ReceiverAnswer = () => 200;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly options: WebhookReceiverOptions,
  ) {}

  static async start(port = 0, options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | undefined;
    const handle = (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, rawBody: Buffer.concat(chunks), receivedAt: Date.now() };
        receiver!.received.push(request);
        const answer = receiver!.respondWith(request);
        const { status, body = 'ok', headers = {}, delayMs = 0 } = typeof answer === 'number' ? { status: answer } : answer;
        const reply = () => {
          res.writeHead(status, headers);
          res.end(body);
        };
        if (delayMs > 0) setTimeout(reply, delayMs).unref();
        else reply();
      });
    };
    const server = options.tls ? createHttpsServer({ key: options.tls.keyPem, cert: options.tls.certPem }, handle) : createServer(handle);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    const address = server.address();
    receiver = new WebhookReceiver(server, typeof address === 'object' && address ? address.port : 0, options);
    return receiver;
  }

  get url(): string {
    const scheme = this.options.tls ? 'https' : 'http';
    return `${scheme}://${this.options.hostname ?? '127.0.0.1'}:${this.port}/webhooks`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
