const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
type EndingSignal = keyof typeof SIGNAL_NUMBERS;

interface AtExit {
  /** What to stop when the process ends; each stops synchronously (all an exiting process can still do). */
  left: Set<() => void>;
  /** Signals the process answers with a graceful stop of its own (`stopGracefullyOn`). */
  stopsItself: Set<EndingSignal>;
}

/**
 * The process this code really runs in. Under jest, `process` is a copy made for each test file
 * whose listeners the real process never calls (no 'exit', no signals); jest's environment here
 * (tools/jest/host-process-environment.js) hands over the real one under this symbol.
 */
const HOST_PROCESS = Symbol.for('momo.testing.hostProcess');
const host: NodeJS.Process = ((globalThis as Record<symbol, unknown>)[HOST_PROCESS] as NodeJS.Process | undefined) ?? process;

/** On the process itself: jest loads this module afresh for every test file, and one listener per process is the point. */
const AT_EXIT = Symbol.for('momo.testing.stopAtExit');

/**
 * Stops `stop`'s server or process when this process ends without stopping it (an uncaught error,
 * a benchmark whose output pipe closed, Ctrl-C or `kill` while it starts its stack); answers the
 * function to call once it is stopped the ordinary way. Private Postgres runs detached (pg_ctl)
 * and Redis and the services unref'd, so without this they outlive the process that started them.
 *
 * Left to Node's defaults, SIGINT, SIGTERM and SIGHUP end a process without its `exit` event, so
 * once anything is registered they end it through `exit`, with the code the signal would have
 * given, unless the process answers that signal with a graceful stop (`stopGracefullyOn`).
 */
export function stopAtExit(stop: () => void): () => void {
  const { left } = atExit();
  left.add(stop);
  return () => left.delete(stop);
}

const GRACEFUL_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Answers Ctrl-C or SIGTERM with `stop`, a graceful stop of the process's own that ends in
 * `process.exit` (`npm start`'s, a benchmark's). A second signal while it runs does not wait: the
 * process exits at once, still stopping what `stopAtExit` holds. Answers the function that takes
 * the graceful stop away again (once the process has stopped its stack the ordinary way).
 *
 * The registry keeps a mark of the signals answered so, rather than counting listeners: a
 * library's listener (signal-exit's, which jest's cache writes and execa load) stands aside when
 * it is not alone, and two listeners each leaving the signal to the other would leave it unanswered.
 */
export function stopGracefullyOn(stop: () => unknown): () => void {
  const registry = atExit();
  const standDown = () => {
    for (const signal of GRACEFUL_SIGNALS) host.off(signal, onSignal);
    registry.stopsItself.clear();
  };
  const onSignal = () => {
    standDown();
    void stop();
  };
  for (const signal of GRACEFUL_SIGNALS) host.on(signal, onSignal);
  registry.stopsItself = new Set(GRACEFUL_SIGNALS);
  return standDown;
}

/** The process's registry, made with its listeners on first use. */
function atExit(): AtExit {
  const owner = host as unknown as Record<symbol, AtExit | undefined>;
  const existing = owner[AT_EXIT];
  if (existing) return existing;
  const made: AtExit = { left: new Set(), stopsItself: new Set() };
  owner[AT_EXIT] = made;
  host.once('exit', () => {
    for (const stop of made.left) {
      try {
        stop();
      } catch {
        // Exiting: nothing left to tell.
      }
    }
  });
  for (const [signal, number] of Object.entries(SIGNAL_NUMBERS) as [EndingSignal, number][]) {
    host.on(signal, () => {
      if (!made.stopsItself.has(signal)) host.exit(128 + number);
    });
  }
  return made;
}
