import { cpuCgroupOf, describeGrouping, schedulerGrouping } from './scheduler-grouping';

const files = (entries: Record<string, string>) => (path: string) => entries[path];

describe('the scheduler grouping bench:machine reports', () => {
  it('finds the cpu controller on a cgroup v1 line among the others', () => {
    const procCgroup = ['9:name=systemd:/', '4:memory:/process_api/07383e', '2:cpuacct:/', '1:cpu:/', '0::/'].join('\n');
    expect(cpuCgroupOf(procCgroup)).toBe('/');
    expect(cpuCgroupOf('3:cpu,cpuacct:/kubepods/burstable/pod1/abc\n0::/')).toBe('/kubepods/burstable/pod1/abc');
  });

  it('falls back to the unified hierarchy when no v1 line names cpu', () => {
    expect(cpuCgroupOf('0::/system.slice/postgresql.service\n')).toBe('/system.slice/postgresql.service');
    expect(cpuCgroupOf('')).toBe('/');
  });

  it('says autogrouping decides only for processes in the root cpu cgroup', () => {
    const root = schedulerGrouping(files({ '/proc/sys/kernel/sched_autogroup_enabled': '1\n', '/proc/self/cgroup': '0::/\n' }));
    expect(root).toEqual({ autogroup: 'on', cpuCgroup: '/' });
    expect(describeGrouping(root)).toMatch(/session by session/);

    const pod = schedulerGrouping(files({ '/proc/sys/kernel/sched_autogroup_enabled': '1\n', '/proc/self/cgroup': '0::/kubepods/pod1\n' }));
    expect(describeGrouping(pod)).toBe("autogrouping on but not applied, in cpu cgroup /kubepods/pod1: CPU shared by that cgroup's weights");
  });

  it('tells autogrouping switched off from a kernel without it', () => {
    expect(describeGrouping(schedulerGrouping(files({ '/proc/sys/kernel/sched_autogroup_enabled': '0\n', '/proc/self/cgroup': '0::/\n' })))).toBe(
      'autogrouping off, in the root cpu cgroup: every thread weighs alike',
    );
    expect(schedulerGrouping(files({ '/proc/self/cgroup': '0::/\n' })).autogroup).toBe('not in this kernel');
  });
});
