import { describeMaintenance, MaintenanceCounts } from './maintenance';

const counts = (tables: Record<string, [number, number]>, checkpoints: number): MaintenanceCounts => ({
  byTable: new Map(Object.entries(tables).map(([name, [autovacuum, autoanalyze]]) => [name, { autovacuum, autoanalyze }])),
  checkpoints,
});

describe('describeMaintenance', () => {
  it('names the tables Postgres vacuumed or analysed between the readings, and the checkpoints', () => {
    const before = counts({ 'public.transactions': [1, 2], 'public.merchants': [0, 1] }, 3);
    const after = counts({ 'public.transactions': [2, 4], 'public.merchants': [0, 1], 'public.outbox_events': [1, 0] }, 4);

    expect(describeMaintenance(before, after)).toBe(
      'public.outbox_events vacuumed 1 and analysed 0 times, public.transactions vacuumed 1 and analysed 2 times; 1 checkpoint',
    );
  });

  it('says when there was none', () => {
    const same = counts({ 'public.transactions': [1, 1] }, 2);

    expect(describeMaintenance(same, same)).toBe('no table vacuumed or analysed; 0 checkpoints');
  });
});
