import { setTimeout as sleep } from 'node:timers/promises';
import { ChaosSystem, OUR_SERVICES, OurService } from './chaos-system';
import { Random } from './random';

export type Fault = { kind: 'kill'; service: OurService } | { kind: 'postgres-crash' } | { kind: 'redis-flush' };

export interface InjectedFault {
  fault: Fault;
  /** Seconds into the load. */
  at: number;
  /** How long until the system had it back (the service ready again, Postgres accepting connections). */
  downSeconds: number;
}

/**
 * When each fault happens, as fractions of the load: every service is killed `killsPerService`
 * times at random moments, Postgres crash-restarts once, Redis is flushed once. A delivery the
 * dispatcher was attempting when killed waits out its 90 s lease before the next attempt, so on a
 * short run the dispatcher's kills come early enough for that wait to end with the run's own tail.
 */
export function planFaults(random: Random, killsPerService: number, loadSeconds: number): { fault: Fault; fraction: number }[] {
  const plan: { fault: Fault; fraction: number }[] = [];
  const dispatcherUntil = Math.min(0.9, Math.max(0.25, 1 - 120 / loadSeconds));
  for (const service of OUR_SERVICES) {
    const [from, to] = service === 'webhook-dispatcher' ? [0.05, dispatcherUntil] : [0.05, 0.9];
    for (let i = 0; i < killsPerService; i++) plan.push({ fault: { kind: 'kill', service }, fraction: random.between(from, to) });
  }
  plan.push({ fault: { kind: 'postgres-crash' }, fraction: random.between(0.3, 0.45) });
  // The flush takes the dispatcher down with it (so Redis holds its backlog when flushed): same window.
  plan.push({ fault: { kind: 'redis-flush' }, fraction: random.between(0.1, dispatcherUntil) });
  return plan.sort((a, b) => a.fraction - b.fraction);
}

/**
 * Injects the planned faults one after another during the load, and acts as the supervisor a
 * deployment has (Kubernetes restarts a crashed pod): a service that dies without being killed
 * by us is restarted too, and counted, since that is a crash the faults caused.
 */
export class FaultInjector {
  readonly injected: InjectedFault[] = [];
  readonly unexpectedExits: { service: OurService; at: number }[] = [];
  private readonly busy = new Set<OurService>();
  private supervising = false;

  constructor(
    private readonly system: ChaosSystem,
    private readonly random: Random,
    private readonly log: (line: string) => void,
  ) {}

  async run(plan: { fault: Fault; fraction: number }[], loadSeconds: number, startedAt: number): Promise<void> {
    for (const { fault, fraction } of plan) {
      const wait = startedAt + fraction * loadSeconds * 1000 - Date.now();
      if (wait > 0) await sleep(wait);
      const at = (Date.now() - startedAt) / 1000;
      const begun = Date.now();
      await this.inject(fault);
      const downSeconds = (Date.now() - begun) / 1000;
      this.injected.push({ fault, at, downSeconds });
      this.log(`fault at ${at.toFixed(1)} s: ${describe(fault)} (back after ${downSeconds.toFixed(1)} s)`);
    }
  }

  /** Restarts any of our services that stopped answering on its own, until `stop` is called. */
  supervise(startedAt: number): { stop: () => Promise<void> } {
    this.supervising = true;
    const loop = (async () => {
      while (this.supervising) {
        for (const service of OUR_SERVICES) {
          if (this.busy.has(service) || (await this.alive(service))) continue;
          await sleep(500);
          if (this.busy.has(service) || (await this.alive(service))) continue;
          this.unexpectedExits.push({ service, at: (Date.now() - startedAt) / 1000 });
          this.log(`${service} stopped without being killed: restarting it (see ${this.system.stack.logFile(service)})`);
          await this.restart(service, 0);
        }
        await sleep(1_000);
      }
    })();
    return {
      stop: async () => {
        this.supervising = false;
        await loop;
      },
    };
  }

  private async inject(fault: Fault): Promise<void> {
    switch (fault.kind) {
      case 'kill':
        return this.restart(fault.service, this.random.int(200, 2_500));
      case 'postgres-crash':
        return this.system.postgres.crashAndRestart();
      case 'redis-flush':
        return this.flushWithBacklog();
    }
  }

  /**
   * Flushes Redis while it holds work: the dispatcher is killed first, so the events published
   * meanwhile wait in Redis as jobs and are lost with it (only the outbox sweeper can bring them
   * back), then it is started again on the empty Redis.
   */
  private async flushWithBacklog(): Promise<void> {
    await this.restart('webhook-dispatcher', 3_000, () => this.system.redis.flushAll());
  }

  /** kill -9, down for `downMs`, then started again (ready when /health/ready answers). */
  private async restart(service: OurService, downMs: number, whileDown?: () => Promise<void>): Promise<void> {
    while (this.busy.has(service)) await sleep(200);
    this.busy.add(service);
    try {
      await this.system.stack.kill(service, 'SIGKILL');
      if (downMs > 0) await sleep(downMs);
      await whileDown?.();
      for (let attempt = 1; ; attempt++) {
        try {
          await this.system.stack.startService(service);
          return;
        } catch (error) {
          if (attempt >= 3) throw error;
          this.log(`${service} did not come back (${(error as Error).message}); trying again`);
          await this.system.stack.kill(service, 'SIGKILL');
        }
      }
    } finally {
      this.busy.delete(service);
    }
  }

  /** Whether the service's port answers at all (a busy service answers slowly, a dead one refuses). */
  private async alive(service: OurService): Promise<boolean> {
    try {
      await fetch(`${this.system.stack.managementUrl(service)}/health/live`, { signal: AbortSignal.timeout(5_000) });
      return true;
    } catch (error) {
      return (error as Error).name === 'TimeoutError';
    }
  }
}

export function describe(fault: Fault): string {
  switch (fault.kind) {
    case 'kill':
      return `kill -9 ${fault.service}`;
    case 'postgres-crash':
      return 'Postgres crash-restart';
    case 'redis-flush':
      return 'Redis FLUSHALL';
  }
}
