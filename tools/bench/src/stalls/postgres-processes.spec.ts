import { NEW_CONNECTIONS, roleOfTitle } from './postgres-processes';

describe("Postgres' processes by their titles", () => {
  it('names its own processes, with or without a cluster name before the role', () => {
    expect(roleOfTitle('postgres: autovacuum worker momo\0\0\0')).toBe('its autovacuum worker');
    expect(roleOfTitle('postgres: 15/main: checkpointer ')).toBe('its checkpointer');
    expect(roleOfTitle('postgres: walwriter ')).toBe('its walwriter');
    expect(roleOfTitle('postgres: parallel worker for PID 4242 ')).toBe('its parallel worker');
  });

  it('takes any other child of the postmaster for a connection opened after the backends were listed', () => {
    expect(roleOfTitle('postgres: postgres momo [local] idle')).toBe(NEW_CONNECTIONS);
    expect(roleOfTitle('postgres: 15/main: postgres momo 127.0.0.1(5432) SELECT')).toBe(NEW_CONNECTIONS);
  });
});
