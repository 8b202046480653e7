import { createTestDatabase, TestDatabase } from '@momo/testing';
import { parentOf } from '../cpu-meter';
import { NEW_CONNECTIONS, samplePostgresRoles } from './postgres-processes';

describe("samplePostgresRoles (bench:stalls), on the machine's own Postgres", () => {
  let db: TestDatabase;
  let backendPid: number;
  let postmasterPid: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    [{ pid: backendPid }] = (await db.dataSource.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[];
    postmasterPid = parentOf(backendPid)!;
  });

  afterAll(async () => {
    await db.drop();
  });

  it("reads each of the postmaster's children with what it is and its CPU so far", () => {
    const roles = samplePostgresRoles(postmasterPid, new Set())!;
    const names = new Set([...roles.values()].map(({ service }) => service));

    expect(names).toContain('its checkpointer');
    expect(names).toContain('its walwriter');
    expect(roles.get(backendPid)).toEqual({ service: NEW_CONNECTIONS, ms: expect.any(Number) });
  });

  it('takes what each process is from the reading before where it was there, reading titles only of new ones', () => {
    const earlier = new Map([[backendPid, { service: 'its walwriter', ms: 0 }]]);

    expect(samplePostgresRoles(postmasterPid, new Set(), earlier)!.get(backendPid)?.service).toBe('its walwriter');
  });

  it('leaves out the backends already known, and answers nothing without a postmaster', () => {
    expect(samplePostgresRoles(postmasterPid, new Set([backendPid]))!.has(backendPid)).toBe(false);
    expect(samplePostgresRoles(undefined, new Set())).toBeUndefined();
  });
});
