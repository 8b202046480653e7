import { Counter } from 'prom-client';
import type { StatusCheckReason } from '@momo/contracts';
import { metricsRegistry } from '@momo/platform';

/** Why a status check asked: the job's reason, with a callback's rechecks apart from its first check. */
export type CheckedFor = StatusCheckReason | 'callback_recheck';

/** What the check got: the operator's answer, `unknown` when none came, `not_asked` when it was never sent. */
export type CheckAnswer = 'final' | 'pending' | 'not_found' | 'unknown' | 'not_asked';

/**
 * Status checks by why they asked and what they got. A callback's checks that end `unknown` or
 * `not_asked` are asked again (CALLBACK_RECHECK_DELAYS_MS); `callback_recheck` `final` counts the
 * payments those rechecks finished before the reconciler's first check.
 */
export const statusChecks = new Counter({
  name: 'momo_operator_status_checks_total',
  help: 'Status checks by network, mode, reason (callback, callback_recheck, reconcile, deadline, watch) and answer: final, pending, not_found, unknown (no answer: not sent, silence, a timeout, a 5xx) or not_asked (over the status-query budget, or the operator not configured).',
  labelNames: ['network', 'mode', 'reason', 'answer'],
  registers: [metricsRegistry],
});
