import { ErrorEnvelope, TransactionView } from '@momo/contracts';
import { ApiResponse, TestSystem } from '@momo/testing';

export { expectErrorEnvelope } from '@momo/testing';

export type TransactionResponse = ApiResponse<{ success: true; data: TransactionView } & Partial<ErrorEnvelope>>;

export const MTN = '0788123456';
export const AIRTEL = '0728123456';

export async function countTransactions(system: TestSystem, where = 'true', params: unknown[] = []): Promise<number> {
  const [row] = await system.db.dataSource.query(`SELECT count(*)::int AS n FROM transactions WHERE ${where}`, params);
  return row.n as number;
}

export async function balanceOf(system: TestSystem, key?: string): Promise<{ available: number; pending: number; reserved: number }> {
  const res = await system.api<{ data: { available: number; pending: number; reserved: number } }>('GET', '/v1/balance', { key: key ?? system.merchant.accountKey });
  expect(res.status).toBe(200);
  return res.body.data;
}
