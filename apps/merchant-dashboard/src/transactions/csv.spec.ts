import type { TransactionRowView } from '@momo/contracts';
import { toCsv } from './csv';

const row = (overrides: Partial<TransactionRowView>): TransactionRowView => ({
  id: '5f0c1f8e-6a55-4c39-9d5c-1f2a3b4c5d6e',
  merchant_id: 'm',
  app_id: 'a',
  app_name: 'Shop',
  mode: 'test',
  direction: 'collect',
  amount: 2500,
  currency: 'RWF',
  fee: 50,
  msisdn: '250788123456',
  description: 'Order 1',
  reference: 'order-1',
  metadata: {},
  status: 'succeeded',
  failure_code: null,
  failure_message: null,
  network: 'mtn',
  provider: 'mtn_momo',
  provider_ref: '123',
  initiated_by: 'api',
  reverses_payment_id: null,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:01.000Z',
  completed_at: '2026-11-23T10:00:01.000Z',
  settled_at: null,
  ...overrides,
});

describe('transactions CSV', () => {
  it('has a header and one line per transaction, empty cells for nulls', () => {
    const lines = toCsv([row({})]).split('\r\n');
    expect(lines[0]).toBe('id,created_at,completed_at,app_name,direction,status,amount,fee,currency,network,msisdn,reference,description,failure_code,failure_message,provider_ref,initiated_by,reverses_payment_id,settled_at');
    expect(lines[1]).toBe('5f0c1f8e-6a55-4c39-9d5c-1f2a3b4c5d6e,2026-11-23T10:00:00.000Z,2026-11-23T10:00:01.000Z,Shop,collect,succeeded,2500,50,RWF,mtn,250788123456,order-1,Order 1,,,123,api,,');
    expect(lines[2]).toBe('');
  });

  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas', () => {
    const [, line] = toCsv([row({ description: 'Box, "large"\nblue', reference: '=HYPERLINK("http://x")', app_name: '+cmd' })]).split('\r\n');
    expect(line).toContain(`"Box, ""large""\nblue"`);
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(line).toContain(`,'+cmd,`);
  });
});
