/**
 * `computeFee` of @momo/domain as an SQL expression over a fee rule (jsonb) and an amount, so an
 * insert can price a transaction from the merchant's schedule as it stands at that moment, with
 * no read before it. fee.sql.int-spec holds the two to the same answers.
 *
 * Percentages round up to the next franc: (amount × bps + 9,999) ÷ 10,000 in whole numbers is
 * the ceiling for the non-negative amounts a transaction has. LEAST ignores a NULL, so a rule
 * with no maximum (`"max": null`) is bounded below only.
 */
export function feeByRuleSql(amount: string, rule: string): string {
  const part = (field: string) => `(${rule} ->> '${field}')::bigint`;
  return `LEAST(GREATEST((${amount} * ${part('percentBps')} + 9999) / 10000 + ${part('fixed')}, ${part('min')}), ${part('max')})`;
}

/**
 * The rule for a direction: the merchant's negotiated one (`schedule`, its fee_schedule column),
 * else the default schedule's (a jsonb parameter, DEFAULT_FEE_SCHEDULE: the defaults live in one
 * place).
 */
export function feeRuleSql(schedule: string, direction: string, defaultSchedule: string): string {
  return `COALESCE(${schedule} -> ${direction}, ${defaultSchedule} -> ${direction})`;
}
