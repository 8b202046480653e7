/** One step of `bench:curve` as far as the `POST`'s own latency goes. */
export interface PostStep {
  rate: number;
  /** due -> 201, ms */
  answerP99: number;
}

/**
 * The highest offered rate up to which the `POST`'s p99 stayed under `targetMs` at every step,
 * climbing from the first: what a platform team sizes for when the `POST`'s latency is the
 * target, not throughput. A step over the target ends the climb even when a later step comes in
 * under it again (a p99 is a handful of requests; the conservative figure is the one to size
 * from). Undefined when the first step was over already.
 */
export function lastStepOnTarget<S extends PostStep>(steps: readonly S[], targetMs: number): S | undefined {
  let last: S | undefined;
  for (const step of steps) {
    if (!(step.answerP99 < targetMs)) break;
    last = step;
  }
  return last;
}
