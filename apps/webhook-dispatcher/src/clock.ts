/**
 * Where the dispatcher gets the time for scheduling: due times, leases, attempt times and the
 * sweeper's idea of "overdue". Tests run the retry schedule on a clock they move by hand instead
 * of waiting hours. (Signature timestamps use the wall clock: receivers check them against theirs.)
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
