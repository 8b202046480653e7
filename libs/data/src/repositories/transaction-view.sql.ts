import { isoMillisecondsSql } from './webhook-body.sql';

/** TransactionView's keys in its order: columns as stored, then the timestamps. */
const COLUMNS = [
  'id',
  'merchant_id',
  'app_id',
  'mode',
  'direction',
  'amount',
  'currency',
  'fee',
  'msisdn',
  'description',
  'reference',
  'metadata',
  'status',
  'failure_code',
  'failure_message',
  'network',
  'provider',
  'provider_ref',
  'initiated_by',
  'reverses_payment_id',
];
const TIMESTAMPS = ['created_at', 'updated_at', 'completed_at', 'settled_at'];

/**
 * The Transaction resource (TransactionView in libs/contracts) built in SQL from a `transactions`
 * row: key for key and value for value what `toTransactionView` makes of the row once hydrated
 * (transaction-view.sql.int-spec holds the two together). `GET /v1/payments/:id` selects it as
 * one json column: pg then parses one value with JSON.parse instead of describing, parsing and
 * converting 29 columns that are hydrated and mapped again.
 */
export const TRANSACTION_VIEW_SQL = `json_build_object(${[
  ...COLUMNS.map((column) => `'${column}', ${column}`),
  ...TIMESTAMPS.map((column) => `'${column}', ${isoMillisecondsSql(column)}`),
].join(', ')})`;
