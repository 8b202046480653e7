const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
type EndingSignal = keyof typeof SIGNAL_NUMBERS;

/** On `process` itself: jest loads this module afresh for every test file, and one handler per process is the point. */
const INSTALLED = Symbol.for('momo.testing.exitOnSignals');
const STOPS_ITSELF = Symbol.for('momo.testing.stopsItselfOn');

type Marked = Record<symbol, unknown>;

/**
 * Makes Ctrl-C, `kill` and a closed terminal end this process through its `exit` event, where
 * what it started is stopped (private-servers.ts, local-stack.ts). Left to Node's defaults those
 * signals end a process without `exit`, so a benchmark or chaos run stopped while it started its
 * stack (before it listened itself) left its detached Postgres, its Redis and its services
 * running. A process that stops itself gracefully says so (`stopsItselfOn`) and keeps its own way.
 * The exit code is the one the signal would have given.
 */
export function exitOnSignals(): void {
  const owner = process as unknown as Marked;
  if (owner[INSTALLED]) return;
  owner[INSTALLED] = true;
  for (const [signal, number] of Object.entries(SIGNAL_NUMBERS) as [EndingSignal, number][]) {
    process.on(signal, () => {
      if (!(owner[STOPS_ITSELF] as Set<EndingSignal> | undefined)?.has(signal)) process.exit(128 + number);
    });
  }
}

/**
 * Says which signals this process now answers with a stop of its own that ends in `process.exit`
 * (a benchmark's graceful stop, `npm start`'s); none again once that stop is gone. A mark rather
 * than a count of listeners: a library's listener (signal-exit's, which jest's cache writes and
 * execa load) stands aside when it is not alone, and two listeners each leaving the signal to the
 * other would leave it unanswered.
 */
export function stopsItselfOn(signals: readonly EndingSignal[]): void {
  (process as unknown as Marked)[STOPS_ITSELF] = new Set(signals);
}
