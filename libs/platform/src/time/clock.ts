/**
 * Where decision code gets the time when tests want to control it: the dispatcher's due times,
 * leases, attempt times and the sweeper's idea of "overdue", token lifetimes. Tests run a retry
 * schedule on a clock they move by hand instead of waiting hours. (Signature timestamps use the
 * wall clock: receivers check them against theirs.)
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
