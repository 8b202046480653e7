import { createServer, IncomingHttpHeaders, Server } from 'node:http';

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  receivedAt: number;
}

/**
 * A real local HTTP endpoint that records every delivery byte for byte, answering with whatever
 * status the test asks for.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  respondWith: (request: ReceivedWebhook) => number = () => 200;

  private constructor(private readonly server: Server, readonly port: number) {}

  static async start(port = 0): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, rawBody: Buffer.concat(chunks), receivedAt: Date.now() };
        receiver!.received.push(request);
        res.statusCode = receiver!.respondWith(request);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    const address = server.address();
    receiver = new WebhookReceiver(server, typeof address === 'object' && address ? address.port : 0);
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/webhooks`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
