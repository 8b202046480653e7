import { DataSource } from 'typeorm';
import { createTestDatabase, TestDatabase } from '@momo/testing';
import { keyedRows } from '../repositories/keyed-statements';
import { dataSourceOptions } from './data-source-options';

const BACKEND_PID = 'SELECT pg_backend_pid() AS pid';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Which Postgres backend serves a statement after the pool sat idle: the same one while the idle
 * timeout has not passed, a new one (a new server process, planned afresh) once it has. Both pools
 * of a data source, the ordinary one and the keyed one, follow the setting.
 */
describe('pooled connections left idle', () => {
  let db: TestDatabase;
  const opened: DataSource[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(opened.map((dataSource) => dataSource.destroy()));
    await db.drop();
  });

  async function open(idleTimeoutMs?: number): Promise<DataSource> {
    const dataSource = new DataSource(dataSourceOptions(db.url, 1, 'pool-idle-test', idleTimeoutMs));
    opened.push(await dataSource.initialize());
    return dataSource;
  }

  const pid = async (dataSource: DataSource) => ((await dataSource.query(BACKEND_PID)) as { pid: number }[])[0].pid;
  const keyedPid = async (dataSource: DataSource) => (await keyedRows(dataSource.manager, 'pool_idle_pid', BACKEND_PID, []))[0].pid;

  it('stay open past node-postgres’ own ten seconds by default, in both pools', async () => {
    const dataSource = await open();
    const [first, firstKeyed] = [await pid(dataSource), await keyedPid(dataSource)];
    await sleep(11_000);
    expect(await pid(dataSource)).toBe(first);
    expect(await keyedPid(dataSource)).toBe(firstKeyed);
  }, 20_000);

  it('close once the configured idle timeout has passed, in both pools', async () => {
    const dataSource = await open(300);
    const [first, firstKeyed] = [await pid(dataSource), await keyedPid(dataSource)];
    await sleep(1_000);
    expect(await pid(dataSource)).not.toBe(first);
    expect(await keyedPid(dataSource)).not.toBe(firstKeyed);
  });
});
