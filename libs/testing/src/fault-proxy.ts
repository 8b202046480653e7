import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * What the proxy does to the next request that matches:
 * - `answer-before`: answers `status` (with `headers`) without passing the request on, as a
 *   load balancer or rate limiter in front of the gateway would;
 * - `answer-after`: passes the request on, lets the gateway do its work, then throws the
 *   gateway's answer away and answers `status` instead (an answer lost on the way back);
 * - `hang-after`: passes it on and never answers (the client times out; the work was done).
 */
export type Fault =
  | { kind: 'answer-before'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'answer-after'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'hang-after' };

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** What the client got: the gateway's status, the fault's, or null when it hung. */
  answeredStatus: number | null;
  faulted: boolean;
}

/**
 * A scripted HTTP proxy in front of the gateway, for client retry tests: faults are queued per
 * method and path and used once each; every request is recorded.
 */
export class FaultProxy {
  readonly requests: ProxiedRequest[] = [];
  private readonly scripts: { method: string; path: RegExp; fault: Fault }[] = [];
  private readonly hanging = new Set<ServerResponse>();

  private constructor(
    private readonly server: Server,
    private readonly target: string,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<FaultProxy> {
    let proxy: FaultProxy | undefined;
    const server = createServer((req, res) => void proxy!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new FaultProxy(server, target.replace(/\/+$/, ''), `http://127.0.0.1:${(server.address() as { port: number }).port}`);
    return proxy;
  }

  /** Queues `fault` for the next request with this method whose path matches. */
  script(method: string, path: RegExp, fault: Fault): this {
    this.scripts.push({ method, path, fault });
    return this;
  }

  /** The recorded requests with this method whose path matches. */
  seen(method: string, path: RegExp): ProxiedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const at = this.scripts.findIndex((s) => s.method === method && s.path.test(path.split('?')[0]));
    const fault = at === -1 ? undefined : this.scripts.splice(at, 1)[0].fault;
    const record: ProxiedRequest = { method, path, headers: req.headers, body, answeredStatus: null, faulted: fault !== undefined };
    this.requests.push(record);

    if (fault?.kind === 'answer-before') return this.answer(res, record, fault.status, fault.headers, fault.body);
    let upstream: Response;
    try {
      upstream = await fetch(this.target + path, {
        method,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)).map(([k, v]) => [k, String(v)])),
        body: method === 'GET' || method === 'HEAD' ? undefined : body,
      });
    } catch {
      return this.answer(res, record, 502, {}, 'proxy: the gateway did not answer');
    }
    const text = await upstream.text();
    if (fault?.kind === 'answer-after') return this.answer(res, record, fault.status, fault.headers, fault.body);
    if (fault?.kind === 'hang-after') {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) headers[name] = value;
    });
    this.answer(res, record, upstream.status, headers, text);
  }

  private answer(res: ServerResponse, record: ProxiedRequest, status: number, headers: Record<string, string> = {}, body = ''): void {
    record.answeredStatus = status;
    res.writeHead(status, headers).end(body);
  }
}
