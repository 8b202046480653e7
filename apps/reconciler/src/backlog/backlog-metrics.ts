import { Injectable, OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { BacklogRepository, OutboxLag, PendingGroup } from '@momo/data';
import { metricsRegistry } from '@momo/platform';

interface Backlog {
  pending: PendingGroup[];
  outbox: OutboxLag;
}

let source: BacklogRepository | undefined;
let latest: { at: number; read: Promise<Backlog> } | undefined;

/** One read of Postgres per scrape, shared by the gauges below. */
function readBacklog(): Promise<Backlog> | undefined {
  if (!source) return undefined;
  const repository = source;
  if (!latest || Date.now() - latest.at > 1_000) {
    latest = { at: Date.now(), read: Promise.all([repository.pendingTransactions(), repository.outboxLag()]).then(([pending, outbox]) => ({ pending, outbox })) };
  }
  return latest.read;
}

/** Sets a gauge from the backlog; Postgres unreachable: readiness reports it, the gauge keeps its last values. */
async function collectInto(gauge: Gauge, apply: (backlog: Backlog) => void): Promise<void> {
  const read = readBacklog();
  if (!read) return;
  let backlog: Backlog;
  try {
    backlog = await read;
  } catch {
    return;
  }
  gauge.reset(); // a group with nothing pending any more disappears instead of keeping its last value
  apply(backlog);
}

const pendingCount: Gauge = new Gauge({
  name: 'momo_pending_transactions',
  help: 'Transactions still pending, by direction, network and mode, at scrape time.',
  labelNames: ['direction', 'network', 'mode'],
  registers: [metricsRegistry],
  collect: () => collectInto(pendingCount, (b) => b.pending.forEach((g) => pendingCount.set({ direction: g.direction, network: g.network, mode: g.mode }, g.count))),
});

const pendingOldest: Gauge = new Gauge({
  name: 'momo_pending_transaction_oldest_age_seconds',
  help: 'Age of the oldest pending transaction, by direction, network and mode, at scrape time.',
  labelNames: ['direction', 'network', 'mode'],
  registers: [metricsRegistry],
  collect: () =>
    collectInto(pendingOldest, (b) => b.pending.forEach((g) => pendingOldest.set({ direction: g.direction, network: g.network, mode: g.mode }, g.oldestAgeSeconds))),
});

const outboxUnpublished: Gauge = new Gauge({
  name: 'momo_outbox_unpublished_events',
  help: 'Outbox events written but not yet published to the webhook queue, at scrape time.',
  registers: [metricsRegistry],
  collect: () => collectInto(outboxUnpublished, (b) => outboxUnpublished.set(b.outbox.unpublished)),
});

const outboxOldest: Gauge = new Gauge({
  name: 'momo_outbox_oldest_unpublished_age_seconds',
  help: 'Age of the oldest outbox event not yet published (0 when none): the outbox lag.',
  registers: [metricsRegistry],
  collect: () => collectInto(outboxOldest, (b) => outboxOldest.set(b.outbox.oldestAgeSeconds)),
});

/**
 * Publishes what is waiting (pending transactions by age, the outbox lag) as gauges read from
 * Postgres when Prometheus scrapes. The reconciler watches pending work, so it exports them; every
 * replica reads the same database, so alert on max() across replicas.
 */
@Injectable()
export class BacklogMetrics implements OnModuleInit {
  constructor(private readonly backlog: BacklogRepository) {}

  onModuleInit(): void {
    source = this.backlog;
    latest = undefined;
  }
}
