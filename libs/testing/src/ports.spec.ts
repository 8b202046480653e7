/** Ports of one Jest worker never come from another's range, nor from that of processes outside Jest. */
describe('freePort', () => {
  const original = process.env.JEST_WORKER_ID;
  afterEach(() => (process.env.JEST_WORKER_ID = original));

  async function portsOf(workerId: string | undefined): Promise<number[]> {
    if (workerId === undefined) delete process.env.JEST_WORKER_ID;
    else process.env.JEST_WORKER_ID = workerId;
    const ports: number[] = [];
    await jest.isolateModulesAsync(async () => {
      const { freePort } = await import('./ports');
      for (let i = 0; i < 40; i++) ports.push(await freePort());
    });
    return ports;
  }

  it('gives each worker, and processes outside Jest, ports of their own', async () => {
    const [outside, first, second] = [await portsOf(undefined), await portsOf('1'), await portsOf('2')];
    const span = (ports: number[]) => [Math.min(...ports), Math.max(...ports)];
    for (const ports of [outside, first, second]) {
      expect(new Set(ports).size).toBe(ports.length);
      for (const port of ports) expect(port < 20_000 || port > 32_700).toBe(false);
    }
    const [a, b, c] = [span(outside), span(first), span(second)].sort((x, y) => x[0] - y[0]);
    expect(a[1]).toBeLessThan(b[0]);
    expect(b[1]).toBeLessThan(c[0]);
  });
});
