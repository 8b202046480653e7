import { createServer, Server, Socket } from 'node:net';

/**
 * A TCP listener on one port of 127.0.0.1 and [::1] that records every connection made to it and
 * closes it at once. SSRF tests point hostile destinations at this port: anything it records is
 * a connection the dispatcher should never have made.
 */
export class ConnectionRecorder {
  readonly connections: { remoteAddress: string; localAddress: string; at: number }[] = [];

  private constructor(private readonly servers: Server[], readonly port: number) {}

  static async start(): Promise<ConnectionRecorder> {
    let recorder: ConnectionRecorder | undefined;
    const onConnection = (socket: Socket) => {
      recorder!.connections.push({ remoteAddress: socket.remoteAddress ?? '', localAddress: socket.localAddress ?? '', at: Date.now() });
      socket.destroy();
    };
    const v4 = createServer(onConnection);
    await listen(v4, 0, '127.0.0.1');
    const port = (v4.address() as { port: number }).port;
    const servers = [v4];
    const v6 = createServer(onConnection);
    // ::1 may be missing on a host without IPv6; the IPv4 listener still records the rest.
    if (await listen(v6, port, '::1').then(() => true, () => false)) servers.push(v6);
    recorder = new ConnectionRecorder(servers, port);
    return recorder;
  }

  close(): Promise<void> {
    return Promise.all(this.servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))).then(() => undefined);
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, ipv6Only: host.includes(':') }, () => resolve());
  });
}
