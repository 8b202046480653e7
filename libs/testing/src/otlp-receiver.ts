import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  /** Milliseconds since the epoch, fractions kept. */
  startMs: number;
  endMs: number;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
}

interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}

/**
 * A tiny OTLP/HTTP trace receiver (the JSON encoding the OTLP HTTP exporter sends), standing where
 * a collector would: every service exports to it, the test (or bench:hops) reads what arrived.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<OtlpReceiver> {
    const server = createServer();
    const receiver = new OtlpReceiver(server);
    server.on('request', (req, res) => {
      void readBody(req)
        .then((body) => {
          if (req.url === '/v1/traces' && req.method === 'POST') receiver.collect(JSON.parse(body) as OtlpJson);
          return 200;
        })
        .catch(() => 400) // a body that is not OTLP JSON: refused, as a collector would
        .then((status) => res.writeHead(status, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Every span of one trace. */
  trace(traceId: string): ReceivedSpan[] {
    return this.spans.filter((s) => s.traceId === traceId);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private collect(body: OtlpJson): void {
    for (const resourceSpans of body.resourceSpans ?? []) {
      const service = resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? 'unknown';
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          this.spans.push({
            service,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || undefined,
            name: span.name,
            kind: span.kind,
            startMs: nanosToMs(span.startTimeUnixNano),
            endMs: nanosToMs(span.endTimeUnixNano),
          });
        }
      }
    }
  }
}

/** Nanoseconds since the epoch are past a double's exact range: split before dividing. */
function nanosToMs(nanos: string): number {
  const whole = BigInt(nanos);
  return Number(whole / 1_000_000n) + Number(whole % 1_000_000n) / 1e6;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
