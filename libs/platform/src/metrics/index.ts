export * from './metrics';
export { EVENT_LOOP_SAMPLE_MS } from './event-loop-delay';
