import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pacedLoad } from './paced-load';

/** A local server that counts the requests to /target and answers those after the first `slowFrom` 60 ms late. */
async function countingServer(slowFrom: number): Promise<{ server: Server; url: string; count: () => number }> {
  let count = 0;
  const server = createServer((request, response) => {
    if (request.url !== '/target') return void response.writeHead(404).end();
    count++;
    // 60, not 50: a Node timer may fire a millisecond early, and the counted p50 must clear 50 ms.
    const delayMs = count > slowFrom ? 60 : 0;
    setTimeout(() => response.writeHead(200).end('{}'), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/target`, count: () => count };
}

describe('pacedLoad', () => {
  it('sends the warm-up first on the same connections and counts only the requests after it', async () => {
    const { server, url, count } = await countingServer(Number.POSITIVE_INFINITY);
    try {
      let sentBeforeMeasuring: number | undefined;
      const result = await pacedLoad({ url, headers: {} }, 100, 1, { connections: 8, warmUpSeconds: 1, measuring: () => (sentBeforeMeasuring = count()) });

      expect(sentBeforeMeasuring).toBe(100);
      expect(count()).toBe(200);
      expect(result.requests).toBe(100);
      expect(result.non2xx).toBe(0);
      expect(result.errors).toBe(0);
    } finally {
      server.close();
    }
  });

  it('sends each request to a path of its own when given one (reads going round many resources)', async () => {
    const paths: string[] = [];
    const server = createServer((request, response) => {
      paths.push(request.url ?? '');
      response.writeHead(200).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      let next = 0;
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ignored`;
      const result = await pacedLoad({ url, headers: {}, path: () => `/payments/${next++ % 3}` }, 30, 1, { connections: 4 });

      expect(result.non2xx).toBe(0);
      expect(paths.filter((path) => path.startsWith('/payments/'))).toHaveLength(30);
      expect(new Set(paths.filter((path) => path.startsWith('/payments/')))).toEqual(new Set(['/payments/0', '/payments/1', '/payments/2']));
    } finally {
      server.close();
    }
  });

  it('sends requests round every replica when given more than one server', async () => {
    const first = await countingServer(Number.POSITIVE_INFINITY);
    const second = await countingServer(Number.POSITIVE_INFINITY);
    try {
      const result = await pacedLoad({ url: first.url, headers: {}, replicaOrigins: [new URL(second.url).origin] }, 100, 1, { connections: 8 });

      expect(result.non2xx).toBe(0);
      expect(first.count() + second.count()).toBe(100);
      expect(first.count()).toBeGreaterThanOrEqual(25);
      expect(second.count()).toBeGreaterThanOrEqual(25);
    } finally {
      first.server.close();
      second.server.close();
    }
  });

  it('leaves the warm-up out of the latencies it reports', async () => {
    // Every warm-up request is answered at once, every counted one 60 ms late: the counted
    // latencies are all the slow ones.
    const { server, url } = await countingServer(50);
    try {
      const result = await pacedLoad({ url, headers: {} }, 50, 1, { connections: 8, warmUpSeconds: 1 });

      expect(result.requests).toBe(50);
      expect(result.p50).toBeGreaterThanOrEqual(50);
    } finally {
      server.close();
    }
  });

  it('reports how late its own event loop issued the requests, a delay inside the latencies', async () => {
    // Answers come at once; the generator's own loop is blocked for 150 ms a third of the way in,
    // so the requests due meanwhile (about 15 of 100) go out late, and their latencies carry it.
    const { server, url } = await countingServer(Number.POSITIVE_INFINITY);
    const blockFor = (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until);
    };
    let blocker: NodeJS.Timeout | undefined;
    try {
      const result = await pacedLoad({ url, headers: {} }, 100, 1, { connections: 8, measuring: () => (blocker = setTimeout(() => blockFor(150), 300)) });

      expect(result.issuedLateP99).toBeGreaterThanOrEqual(100);
      expect(result.issuedLateP50).toBeLessThan(result.issuedLateP99);
      expect(result.p99).toBeGreaterThanOrEqual(result.issuedLateP99);
    } finally {
      if (blocker) clearTimeout(blocker);
      server.close();
    }
  });
});
