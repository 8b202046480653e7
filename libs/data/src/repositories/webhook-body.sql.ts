/** A timestamp column as JavaScript's `toISOString` writes it (milliseconds, `Z`), or null. */
export function isoMillisecondsSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The JSON body of an event's webhook, built in SQL from an `outbox_events` row aliased `e`:
 * `{"id","type","created_at","data"}` with `data` the Transaction exactly as payments-core stored it.
 * The dispatcher fixes each delivery's body with it and the events API serves it, so a merchant
 * catching up through `GET /v1/events` reads the very bytes a webhook carries.
 */
export const WEBHOOK_BODY_SQL = `'{"id":' || to_json(e.id::text)::text || ',"type":' || to_json(e.event_type)::text ||
                  ',"created_at":' || to_json(${isoMillisecondsSql('e.created_at')})::text ||
                  ',"data":' || e.payload::text || '}'`;
