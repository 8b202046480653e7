import { readIfPresent } from './read-if-present';

/**
 * What an idle core does until work arrives, which decides what waking a process that slept costs.
 * On a VM a halted vCPU must be woken through the hypervisor; the guest's `cpuidle-haltpoll` driver
 * can poll for a while first (`guest_halt_poll_ns`, 0 turns polling off). Figures compared across
 * VMs should name this setting (docs/performance.md, "Measured on 2026-12-07 (early morning)").
 */
export interface IdleStates {
  /** The cpuidle driver, or undefined when the kernel has none (an idle core halts at once). */
  driver?: string;
  /** The haltpoll driver's longest poll before halting, in ns, when that driver is loaded. */
  haltPollNs?: number;
}

export function idleStates(read: (path: string) => string | undefined = readIfPresent): IdleStates {
  const driver = read('/sys/devices/system/cpu/cpuidle/current_driver')?.trim();
  const pollNs = read('/sys/module/haltpoll/parameters/guest_halt_poll_ns')?.trim();
  return {
    driver: driver && driver !== 'none' ? driver : undefined,
    haltPollNs: pollNs === undefined || pollNs === '' ? undefined : Number(pollNs),
  };
}

export function describeIdleStates({ driver, haltPollNs }: IdleStates): string {
  if (driver === undefined) return 'no cpuidle driver: an idle core halts at once';
  if (driver !== 'haltpoll' || haltPollNs === undefined) return `cpuidle driver ${driver}`;
  if (haltPollNs === 0) return 'cpuidle driver haltpoll, guest halt polling off (guest_halt_poll_ns 0): an idle vCPU halts at once';
  return `cpuidle driver haltpoll, an idle vCPU polls up to ${(haltPollNs / 1000).toFixed(0)} µs before it halts (guest_halt_poll_ns ${haltPollNs})`;
}
