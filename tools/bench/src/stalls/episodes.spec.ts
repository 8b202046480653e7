import { constants } from 'node:perf_hooks';
import { describeEvent, episodesOfLateness, parseProcessLog } from './episodes';

describe('episodesOfLateness', () => {
  const due = Float64Array.from([1000, 1001, 1002, 1003, 1040, 2000, 2001, 5000]);
  const latency = Float64Array.from([1, 30, 45, 2, 25, 90, 80, 3]);

  it('groups late requests due close together, worst first, with the events that overlap each', () => {
    const events = parseProcessLog(
      'api-gateway-7',
      ['gap 995.0 20.0 22.5', 'gc 1990.0 12.5 ' + constants.NODE_PERFORMANCE_GC_MAJOR, 'gap 3000.0 9.0 1.0', 'garbage'].join('\n'),
    );

    const episodes = episodesOfLateness(due, latency, events, 20);

    expect(episodes.map((e) => ({ from: e.from, to: e.to, requests: e.requests, worstMs: e.worstMs }))).toEqual([
      { from: 2000, to: 2001, requests: 2, worstMs: 90 },
      { from: 1001, to: 1040, requests: 3, worstMs: 45 },
    ]);
    expect(episodes[0].events.map((e) => describeEvent(e, episodes[0].from))).toEqual(['api-gateway-7 at -10 ms: mark-compact pause 12.5 ms']);
    expect(episodes[1].events.map((e) => describeEvent(e, episodes[1].from))).toEqual(['api-gateway-7 at -6 ms: event loop late 20.0 ms, 22.5 ms of CPU across it']);
  });

  it('finds no episode when every answer came in time', () => {
    expect(episodesOfLateness(due, latency, [], 100)).toEqual([]);
  });
});
