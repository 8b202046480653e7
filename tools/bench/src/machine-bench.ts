import { availableParallelism, release, type } from 'node:os';
import { join } from 'node:path';
import { commitFlushes, firstTouchOfPages, RoundTripOptions, RoundTrips, roundTrips, systemCallMicros } from './machine/machine-probes';
import { describeIdleStates, idleStates } from './machine/idle-states';
import { describeGrouping, schedulerGrouping } from './machine/scheduler-grouping';

/**
 * `npm run bench:machine`: what the operations a cash-in is made of cost on this machine, so that
 * figures measured on machines of different kinds can be compared and a platform team can tell
 * the machine's part from the build's: a system call, the first touch of a page of memory, a
 * commit's write and flush to disk, and a one-byte message to another Node.js process and back (a
 * cash-in is a few dozen such messages between the services, Postgres and Redis, and waits for four
 * commits). Flushes and messages are measured back to back and paced, as at moderate load; messages
 * on the cores the scheduler picks and on one core; and how the scheduler groups processes and what
 * an idle core does.
 * Asserts nothing; takes about 20 s.
 */
const PEER_SCRIPT = join(__dirname, 'machine', 'echo-peer.js');

async function main(): Promise<void> {
  const cores = availableParallelism();
  console.log(`bench:machine: Node.js ${process.version}, ${cores} cores, ${type()} ${release()}`);
  console.log(`scheduler: ${describeGrouping(schedulerGrouping())}`);
  console.log(`idle cores: ${describeIdleStates(idleStates())}`);
  systemCallMicros(100_000); // warm the call path first
  console.log(`system call (fstat through Node.js): ${systemCallMicros(500_000).toFixed(2)} µs`);
  const touches = firstTouchOfPages(32_768);
  console.log(`first touch of a page (a minor page fault; ${touches.faults} faults): ${touches.microsPerFault.toFixed(1)} µs`);
  console.log("a commit's flush (8 kB written, then fdatasync, where the benchmarks' Postgres keeps its data):");
  console.log('| written | p50 µs | p99 µs | max µs |');
  console.log('|---|---|---|---|');
  for (const { label, options } of [
    { label: 'back to back', options: { count: 1_000, everyMs: 0 } },
    { label: 'one every 10 ms', options: { count: 200, everyMs: 10 } },
  ]) {
    const flushes = await commitFlushes(options);
    console.log(`| ${label} (${flushes.count}) | ${flushes.p50Micros.toFixed(0)} | ${flushes.p99Micros.toFixed(0)} | ${flushes.maxMicros.toFixed(0)} |`);
  }
  console.log('one-byte message to another Node.js process and back (Unix socket):');
  console.log('| sent | cores | round trip p50 µs | p99 µs | CPU µs per round trip, both processes |');
  console.log('|---|---|---|---|---|');
  const runs: { label: string; options: Omit<RoundTripOptions, 'peerScript'> }[] = [
    { label: 'back to back', options: { count: 20_000, everyMs: 0 } },
    { label: 'one every 10 ms', options: { count: 300, everyMs: 10 } },
    { label: 'one every 50 ms', options: { count: 80, everyMs: 50 } },
  ];
  // undefined: wherever the scheduler puts them; '0': both processes on the first core.
  const placements: (string | undefined)[] = cores > 1 ? [undefined, '0'] : [undefined];
  for (const { label, options } of runs) {
    for (const cpus of placements) {
      const trips = await roundTrips({ ...options, cpus, peerScript: PEER_SCRIPT });
      console.log(row(`${label} (${trips.count})`, cpus === undefined ? `any of ${cores}` : 'one', trips));
    }
  }
}

function row(sent: string, cores: string, trips: RoundTrips): string {
  return `| ${sent} | ${cores} | ${trips.p50Micros.toFixed(0)} | ${trips.p99Micros.toFixed(0)} | ${trips.cpuMicros.toFixed(0)} |`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
