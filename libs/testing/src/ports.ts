import { createServer } from 'node:net';

/**
 * Ports for test servers come from below Linux's ephemeral range (32768-60999 by default): the OS
 * hands ephemeral ports to outgoing connections, so a port it picked for us (`listen(0)`) could be
 * taken by some other test's outgoing connection between our check and the service's listen.
 *
 * Each Jest worker draws from its own slice of that range, and processes outside Jest (the chaos
 * and bench tools, the dev stack) from one more: a stack picks all its ports before it starts its
 * services one by one, and a worker alongside that picked the same free port in the meantime made
 * one of the two services fail to listen (EADDRINUSE, seen in CI).
 */
const RANGE_START = 20_000;
const RANGE_END = 32_700;
const SLICES = 4;
const SLICE_SIZE = Math.floor((RANGE_END - RANGE_START) / SLICES);
const workerId = Number(process.env.JEST_WORKER_ID);
const slice = Number.isInteger(workerId) && workerId > 0 ? 1 + ((workerId - 1) % (SLICES - 1)) : 0;
const FIRST = RANGE_START + slice * SLICE_SIZE;
const LAST = FIRST + SLICE_SIZE;
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
