import { createTestDatabase, TestDatabase } from '@momo/testing';
import { closeSimulatorPools, openSimulatorPools, SimulatorPools } from './simulator-pools';

/** What each of the simulator's connections runs with, read back from Postgres itself. */
async function settingOnEveryPool(pools: SimulatorPools, name: string): Promise<string[]> {
  const answers = await Promise.all([pools.general, pools.batches, pools.creations].map((pool) => pool.query<{ setting: string }>(`SELECT current_setting($1) AS setting`, [name])));
  return answers.map((answer) => answer.rows[0].setting);
}

describe('simulator connections (real Postgres)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it("by default none of them waits for its commits to reach the disk, and each keeps its own planner settings", async () => {
    const pools = openSimulatorPools(db.url, { size: 2, synchronousCommit: 'off' }, () => undefined);
    try {
      expect(await settingOnEveryPool(pools, 'synchronous_commit')).toEqual(['off', 'off', 'off']);
      expect(await settingOnEveryPool(pools, 'plan_cache_mode')).toEqual(['auto', 'force_generic_plan', 'force_generic_plan']);
      expect(await settingOnEveryPool(pools, 'enable_seqscan')).toEqual(['on', 'off', 'on']);
    } finally {
      await closeSimulatorPools(pools);
    }
  });

  it('SIMULATOR_SYNCHRONOUS_COMMIT=on makes every one of them wait, as our own connections do', async () => {
    const pools = openSimulatorPools(db.url, { size: 2, synchronousCommit: 'on' }, () => undefined);
    try {
      expect(await settingOnEveryPool(pools, 'synchronous_commit')).toEqual(['on', 'on', 'on']);
    } finally {
      await closeSimulatorPools(pools);
    }
  });
});
