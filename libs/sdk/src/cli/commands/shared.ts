import type { Momo } from '../../client';
import type { MomoEvent, Transaction } from '../../http/types';
import type { PageList } from '../../http/pagination';
import { fields, rwf, table } from '../output';

export function integer(value: unknown, name: string): number {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`);
  return Number(value);
}

export function required(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`--${name} is required`);
  return value;
}

/** `--limit N`, when given. */
export const limitOf = (values: Record<string, unknown>) => (values.limit === undefined ? undefined : integer(values.limit, 'limit'));

/** The first page of a list, or with `--all` every page. */
export async function listed<T>(list: PageList<T>, values: Record<string, unknown>): Promise<T[]> {
  return values.all ? list.toArray() : (await list).data;
}

/** `--metadata order=42 --metadata channel=web` */
export function metadata(values: unknown): Record<string, string> | undefined {
  if (!Array.isArray(values) || values.length === 0) return undefined;
  return Object.fromEntries(
    values.map((pair: string) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--metadata takes key=value, got ${JSON.stringify(pair)}`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

export function describeTransaction(t: Transaction): string {
  return fields([
    ['id', t.id],
    ['status', t.status + (t.failure_code ? ` (${t.failure_code}: ${t.failure_message})` : '')],
    ['direction', t.direction],
    ['amount', rwf(t.amount)],
    ['fee', rwf(t.fee)],
    ['msisdn', t.msisdn],
    ['network', t.network],
    ['reference', t.reference],
    ['description', t.description],
    ['mode', t.mode],
    ['refund of', t.reverses_payment_id ?? undefined],
    ['created', t.created_at],
    ['completed', t.completed_at],
  ]);
}

export function transactionTable(items: Transaction[]): string {
  return table(
    ['ID', 'STATUS', 'DIRECTION', 'AMOUNT', 'MSISDN', 'REFERENCE', 'CREATED'],
    items.map((t) => [t.id, t.status, t.direction, rwf(t.amount), t.msisdn, t.reference, t.created_at]),
  );
}

export function eventTable(items: MomoEvent[]): string {
  return table(
    ['ID', 'TYPE', 'TRANSACTION', 'STATUS', 'AMOUNT', 'CREATED'],
    items.map((e) => [e.id, e.type, e.data.id, e.data.status, rwf(e.data.amount), e.created_at]),
  );
}

/** Polls a transaction until it is final (or `timeoutMs` passes), reporting each change. */
export async function waitForFinal(momo: Momo, id: string, progress: (message: string) => void, timeoutMs = 60_000, signal?: AbortSignal): Promise<Transaction> {
  const deadline = Date.now() + timeoutMs;
  let transaction = await momo.payments.get(id);
  progress(`… ${transaction.direction === 'collect' ? 'payment' : 'payout'} ${id} is ${transaction.status}`);
  while (transaction.status === 'pending') {
    if (Date.now() > deadline) throw new Error(`${id} is still pending after ${timeoutMs / 1000} s; see \`momo payments get ${id}\` later`);
    if (signal?.aborted) throw new Error('stopped');
    await new Promise((resolve) => setTimeout(resolve, 300));
    transaction = await momo.payments.get(id);
  }
  progress(`… ${id} is ${transaction.status}`);
  return transaction;
}
