import { describeIdleStates, idleStates } from './idle-states';

const files = (entries: Record<string, string>) => (path: string) => entries[path];
const DRIVER = '/sys/devices/system/cpu/cpuidle/current_driver';
const POLL_NS = '/sys/module/haltpoll/parameters/guest_halt_poll_ns';

describe('the idle states bench:machine reports', () => {
  it('tells a VM whose halt polling is switched off', () => {
    const states = idleStates(files({ [DRIVER]: 'haltpoll\n', [POLL_NS]: '0\n' }));
    expect(states).toEqual({ driver: 'haltpoll', haltPollNs: 0 });
    expect(describeIdleStates(states)).toBe(
      'cpuidle driver haltpoll, guest halt polling off (guest_halt_poll_ns 0): an idle vCPU halts at once',
    );
  });

  it('gives the longest poll in microseconds when polling is on', () => {
    expect(describeIdleStates(idleStates(files({ [DRIVER]: 'haltpoll\n', [POLL_NS]: '200000\n' })))).toBe(
      'cpuidle driver haltpoll, an idle vCPU polls up to 200 µs before it halts (guest_halt_poll_ns 200000)',
    );
  });

  it('names another driver and a kernel without one', () => {
    expect(describeIdleStates(idleStates(files({ [DRIVER]: 'intel_idle\n' })))).toBe('cpuidle driver intel_idle');
    expect(describeIdleStates(idleStates(files({ [DRIVER]: 'none\n' })))).toBe('no cpuidle driver: an idle core halts at once');
    expect(describeIdleStates(idleStates(files({})))).toBe('no cpuidle driver: an idle core halts at once');
  });
});
