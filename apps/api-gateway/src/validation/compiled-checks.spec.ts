import 'reflect-metadata';
import { validationVerdicts, variationsOf } from '@momo/testing';
import { CreatePaymentDto, CreatePayoutDto } from '../payments/create-payment.dto';
import { ListPaymentsQuery } from '../payments/list-payments.query';
import { RefundDto } from '../payments/refund.dto';
import { CreateWithdrawalDto, SetSettlementWalletDto } from '../withdrawals/withdrawals.dto';

// The money bodies and the busiest query: the compiled checks must accept exactly what class-validator
// accepts under the request pipe's options (RequestValidationPipe), or requests would change answers.
const PIPE_OPTIONS = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true };

const VALID: Array<[Function, Record<string, unknown>]> = [
  [CreatePaymentDto, { amount: 2500, currency: 'RWF', msisdn: '0788123456', description: 'Order 1001', reference: 'order-1001', metadata: { cart: '77' } }],
  [CreatePayoutDto, { amount: 100, msisdn: '+250728123456' }],
  [RefundDto, { amount: 500, reason: 'returned' }],
  [CreateWithdrawalDto, { amount: 1000, reference: 'w-1', description: 'weekly' }],
  [SetSettlementWalletDto, { msisdn: '250798123456' }],
  [ListPaymentsQuery, { limit: 20, cursor: 'abc', status: 'pending', direction: 'collect', reference: 'r', msisdn: '0788123456', created_from: '2026-01-01T00:00:00Z', created_to: '2026-02-01T00:00:00Z' }],
];

const ODD_VALUES: unknown[] = [
  undefined, null, '', 'x', 0, 99, 100, 101, 1.5, -1, 5_000_000, 1e12, Number.NaN, '2500', true, {}, [], ['RWF'], 'USD', 'rwf',
  '0788123456', '0738123456', '0758123456', '+250788123456', '25078812345', 'a'.repeat(101), 'a'.repeat(256), 'a'.repeat(513),
  { a: 1 }, { '': 'x' }, Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])), '2026-01-01', '2026-01-01 00:00:00Z', 'succeeded', 'payout',
];

describe('compiled checks of the gateway request classes', () => {
  it.each(VALID.map(([dto, valid]) => [dto.name, dto, valid] as const))('%s: the same verdict as class-validator for a valid body and every variation of each field', (_name, dto, valid) => {
    const verdicts = (data: Record<string, unknown>) => validationVerdicts(dto, data, PIPE_OPTIONS);
    expect(verdicts(valid)).toEqual({ compiled: true, library: true });
    let refused = 0;
    for (const variation of variationsOf(valid, ODD_VALUES)) {
      const { compiled, library } = verdicts(variation);
      expect({ variation, compiled }).toEqual({ variation, compiled: library });
      if (!library) refused++;
    }
    expect(refused).toBeGreaterThan(Object.keys(valid).length);
  });
});
