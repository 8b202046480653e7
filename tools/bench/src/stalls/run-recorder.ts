import { tmpdir } from 'node:os';
import type { DataSource } from 'typeorm';
import { machineShares, MachineTicks, MeteredProcesses, readMachineTicks, sampleCpu } from '../cpu-meter';
import { BackendSample, rereadBackends, sampleBackends } from '../postgres-by-service';
import { DiskCounters, diskCountersOf } from './disk-counters';
import { accountFor, StretchAccount, TimelineSample } from './machine-timeline';
import { describeMaintenance, MaintenanceCounts, readMaintenance } from './maintenance';
import { samplePostgresRoles } from './postgres-processes';

/**
 * What the machine did while bench:stalls counted: its ticks at each window's start (busy and
 * stolen shares per window), every process's CPU each `timelineMs` (what ran across an episode,
 * Postgres split by the service each backend serves and its other processes by what each is, and
 * the disk under Postgres' data: how long its writes took) and Postgres' own maintenance.
 */
export class RunRecorder {
  private readonly windowTicks: (MachineTicks | undefined)[] = [];
  private readonly timeline: TimelineSample[] = [];
  private timers: NodeJS.Timeout[] = [];
  /** Which backend serves which service, asked once the count starts (the pools keep their connections). */
  private backends?: BackendSample;
  private maintenanceBefore?: Promise<MaintenanceCounts | undefined>;
  /** The benchmarks' Postgres keeps its data in the temporary folder. */
  private readonly readDisk: (() => DiskCounters | undefined) | undefined = diskCountersOf(tmpdir());

  constructor(
    private readonly metered: MeteredProcesses,
    private readonly dataSource: DataSource,
    private readonly options: { windowMs: number; timelineMs: number },
  ) {}

  start(): void {
    this.maintenanceBefore = readMaintenance(this.dataSource).catch(() => undefined);
    this.windowTicks.push(readMachineTicks());
    this.timers.push(setInterval(() => this.windowTicks.push(readMachineTicks()), this.options.windowMs));
    if (this.options.timelineMs > 0) {
      void sampleBackends(this.dataSource).then((found) => (this.backends = found), () => undefined);
      this.readTimeline();
      this.timers.push(setInterval(() => this.readTimeline(), this.options.timelineMs));
    }
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.windowTicks.push(readMachineTicks());
    if (this.options.timelineMs > 0) this.readTimeline();
  }

  /** The machine's busy and stolen shares in the `index`th window. */
  windowShares(index: number): { busy: number; steal: number } | undefined {
    return machineShares(this.windowTicks[index], this.windowTicks[index + 1]);
  }

  /** What the machine and every process did across a stretch of the count. */
  accountFor(from: number, to: number): StretchAccount | undefined {
    return accountFor(this.timeline, from, to);
  }

  /** Postgres' own vacuums, analyses and checkpoints since start(); undefined if it could not tell. */
  async maintenance(): Promise<string | undefined> {
    const before = await this.maintenanceBefore;
    return before && describeMaintenance(before, await readMaintenance(this.dataSource));
  }

  private readTimeline(): void {
    const backends = this.backends;
    const postmaster = this.metered.stack.postgres?.[0]?.pid();
    const earlierRoles = this.timeline.at(-1)?.postgresRoles;
    this.timeline.push({
      at: Date.now(),
      cpu: sampleCpu(this.metered),
      backends: backends && rereadBackends(backends),
      postgresRoles: backends && samplePostgresRoles(postmaster, new Set(backends.keys()), earlierRoles),
      disk: this.readDisk?.(),
    });
  }
}
