/** A timestamp as JavaScript's `toISOString` writes it (milliseconds, `Z`), or null. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** TransactionView's keys in its order, each with its value from a `transactions` row. */
const FIELDS: [key: string, value: string][] = [
  ['id', 'id'],
  ['merchant_id', 'merchant_id'],
  ['app_id', 'app_id'],
  ['mode', 'mode'],
  ['direction', 'direction'],
  ['amount', 'amount'],
  ['currency', 'currency'],
  ['fee', 'fee'],
  ['msisdn', 'msisdn'],
  ['description', 'description'],
  ['reference', 'reference'],
  ['metadata', 'metadata'],
  ['status', 'status'],
  ['failure_code', 'failure_code'],
  ['failure_message', 'failure_message'],
  ['network', 'network'],
  ['provider', 'provider'],
  ['provider_ref', 'provider_ref'],
  ['initiated_by', 'initiated_by'],
  ['reverses_payment_id', 'reverses_payment_id'],
  ['created_at', iso('created_at')],
  ['updated_at', iso('updated_at')],
  ['completed_at', iso('completed_at')],
  ['settled_at', iso('settled_at')],
];

/**
 * The Transaction resource (TransactionView in libs/contracts) built in SQL from a `transactions`
 * row: key for key and value for value what `toTransactionView` makes of the row once hydrated
 * (transaction-view.sql.int-spec holds the two together). `GET /v1/payments/:id` selects it as
 * one json column: pg then parses one value with JSON.parse instead of describing, parsing and
 * converting 29 columns that are hydrated and mapped again.
 */
export const TRANSACTION_VIEW_SQL = `json_build_object(${FIELDS.map(([key, value]) => `'${key}', ${value}`).join(', ')})`;
