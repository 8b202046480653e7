const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

/** On `process` itself: jest loads this module afresh for every test file, and one handler per process is the point. */
const INSTALLED = Symbol.for('momo.testing.exitOnSignals');

/**
 * Makes Ctrl-C, `kill` and a closed terminal end this process through its `exit` event, where
 * what it started is stopped (private-servers.ts, local-stack.ts). Left to Node's defaults those
 * signals end a process without `exit`, so a benchmark or chaos run stopped while it started its
 * stack (before it listened itself) left its detached Postgres, its Redis and its services
 * running. A process that listens for the signal itself (a benchmark's graceful stop) keeps its
 * own way: this handler then stands aside. The exit code is the one the signal would have given.
 */
export function exitOnSignals(): void {
  const owner = process as unknown as Record<symbol, boolean>;
  if (owner[INSTALLED]) return;
  owner[INSTALLED] = true;
  for (const [signal, number] of Object.entries(SIGNAL_NUMBERS)) {
    process.on(signal, () => {
      if (process.listenerCount(signal) === 1) process.exit(128 + number);
    });
  }
}
