import { constants } from 'node:perf_hooks';

/** A moment a process logged (stalls/preload.ts): its event loop ran late, or a GC stopped it. */
export interface ProcessEvent {
  process: string;
  kind: 'gap' | 'gc';
  /** Wall-clock ms (epoch) when it began. */
  at: number;
  durationMs: number;
  /** gap: the process's CPU across it (ms); gc: V8's GC kind (constants.NODE_PERFORMANCE_GC_*). */
  detail: number;
}

/** Late requests whose due times lie close together, and what the processes logged across them. */
export interface Episode {
  /** Due time of its first late request (epoch ms). */
  from: number;
  /** Due time of its last late request. */
  to: number;
  requests: number;
  worstMs: number;
  events: ProcessEvent[];
}

/**
 * Groups the requests answered more than `lateMs` after they were due into episodes (late
 * requests due within `joinMs` of each other), worst first, each with the events that overlap
 * it: from its first due time to its last one's answer.
 */
export function episodesOfLateness(due: Float64Array, latency: Float64Array, events: ProcessEvent[], lateMs: number, joinMs = 50): Episode[] {
  const episodes: Episode[] = [];
  for (let i = 0; i < due.length; i++) {
    if (latency[i] <= lateMs) continue;
    const open = episodes[episodes.length - 1];
    if (open && due[i] - open.to <= joinMs) {
      open.to = due[i];
      open.requests++;
      open.worstMs = Math.max(open.worstMs, latency[i]);
    } else {
      episodes.push({ from: due[i], to: due[i], requests: 1, worstMs: latency[i], events: [] });
    }
  }
  for (const episode of episodes) {
    const end = episode.to + episode.worstMs;
    episode.events = events.filter((e) => e.at < end && e.at + e.durationMs > episode.from).sort((a, b) => a.at - b.at);
  }
  return episodes.sort((a, b) => b.worstMs - a.worstMs);
}

/** Parses one process's log (stalls/preload.ts's lines). */
export function parseProcessLog(process: string, text: string): ProcessEvent[] {
  return text
    .split('\n')
    .map((line) => line.split(' '))
    .filter((fields) => (fields[0] === 'gap' || fields[0] === 'gc') && fields.length === 4)
    .map(([kind, at, duration, detail]) => ({ process, kind: kind as 'gap' | 'gc', at: Number(at), durationMs: Number(duration), detail: Number(detail) }));
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/** What V8 calls a GC of this kind (a gc event's detail). */
export function gcKindName(kind: number): string {
  return GC_KINDS[kind] ?? `gc kind ${kind}`;
}

/** One line for an event, its start relative to the episode's. */
export function describeEvent(event: ProcessEvent, episodeFrom: number): string {
  const offset = `${event.at >= episodeFrom ? '+' : ''}${(event.at - episodeFrom).toFixed(0)} ms`;
  const what =
    event.kind === 'gc'
      ? `${gcKindName(event.detail)} pause ${event.durationMs.toFixed(1)} ms`
      : `event loop late ${event.durationMs.toFixed(1)} ms, ${event.detail.toFixed(1)} ms of CPU across it`;
  return `${event.process} at ${offset}: ${what}`;
}
