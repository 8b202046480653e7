import { createServer } from 'node:net';

/**
 * Ports for test servers come from below Linux's ephemeral range (32768-60999 by default): the OS
 * hands ephemeral ports to outgoing connections, so a port it picked for us (`listen(0)`) could be
 * taken by some other test's outgoing connection between our check and the service's listen.
 */
const FIRST = 20_000;
const LAST = 32_700;
/** Ports this process has handed out: never twice. */
const given = new Set<number>();

/** A TCP port nothing listens on right now, outside the ephemeral range. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST));
    if (given.has(port)) continue;
    if (await canListen(port)) {
      given.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${FIRST} and ${LAST}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
