import { readFileSync } from 'node:fs';
import { createTestDatabase, TestDatabase } from '@momo/testing';
import { NEW_CONNECTIONS, samplePostgresRoles } from './postgres-processes';

describe("samplePostgresRoles (bench:stalls), on the machine's own Postgres", () => {
  let db: TestDatabase;
  let backendPid: number;
  let postmasterPid: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    [{ pid: backendPid }] = (await db.dataSource.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[];
    const stat = readFileSync(`/proc/${backendPid}/stat`, 'utf8');
    postmasterPid = Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]);
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

  it('leaves out the backends already known, and answers nothing without a postmaster', () => {
    expect(samplePostgresRoles(postmasterPid, new Set([backendPid]))!.has(backendPid)).toBe(false);
    expect(samplePostgresRoles(undefined, new Set())).toBeUndefined();
  });
});
