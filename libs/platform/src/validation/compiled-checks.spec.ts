import 'reflect-metadata';
import { IsInt, IsOptional, IsString, ValidateIf, ValidateNested } from 'class-validator';
import { JOBS, JobName } from '@momo/contracts';
import { validationVerdicts, variationsOf } from '@momo/testing';
import { compiledChecks } from './compiled-checks';

const ID = '0f8e2a9c-4b7d-4e1f-9a3c-2d5b6e7f8a9b';
const OTHER_ID = '7c1d3e5f-9a2b-4c6d-8e0f-1a3b5c7d9e2f';

/** One valid payload of every job, the starting point of every variation below. */
const VALID: Record<JobName, Record<string, unknown>> = {
  'create-payment': {
    transactionId: ID,
    merchantId: OTHER_ID,
    appId: ID,
    mode: 'test',
    amount: 1500,
    msisdn: '250788123456',
    network: 'mtn',
    description: 'Order 1001',
    reference: 'order-1001',
    metadata: { cart: '77' },
    initiatedBy: 'api',
    requestAttempt: 1,
  },
  'create-payout': {
    transactionId: ID,
    merchantId: OTHER_ID,
    appId: ID,
    mode: 'live',
    amount: 100,
    msisdn: '250728123456',
    network: 'airtel',
    description: '',
    reference: '',
    metadata: {},
    initiatedBy: 'dashboard',
    withdrawal: true,
  },
  'create-refund': { transactionId: ID, paymentId: OTHER_ID, merchantId: OTHER_ID, appId: ID, mode: 'test', amount: 500, reason: 'returned', initiatedBy: 'api' },
  'initiate-transaction': { transactionId: ID },
  'check-transaction-status': { transactionId: ID, reason: 'callback', recheck: 2 },
  'apply-operator-result': { transactionId: ID, status: 'failed', failureCode: 'PAYER_DECLINED', failureMessage: 'declined', providerRef: 'abc', source: 'reconcile' },
  'apply-unresolved-answer': { transactionId: ID, answer: 'not_found', source: 'deadline', unreceivedGiveUpSeconds: 600, detail: 'no record' },
  'publish-webhook-event': { eventId: ID },
  'deliver-webhook': { deliveryId: ID, appId: OTHER_ID, attempt: 3 },
  'reconciliation-sweep': { sweep: 'pending' },
  'settlement-run': { mode: 'live' },
};

/** Values that break some rule or other: wrong types, out of range, too long, empty, absent. */
const ODD_VALUES: unknown[] = [undefined, null, '', 'x', '  ', 0, -1, 1, 99, 100, 1.5, 11, 1e12, Number.NaN, true, false, {}, [], [ID], 'a'.repeat(129), 'a'.repeat(256), 'a'.repeat(501), '250788123456', '0788123456', ID.toUpperCase(), 'test', 'mtn', 'api', 'pending', { a: 1 }];

/** The job consumer's options (validateJobPayload). */
const verdicts = (payloadClass: Function, data: Record<string, unknown>) => validationVerdicts(payloadClass, data, { whitelist: true, forbidNonWhitelisted: true });

describe('compiled payload checks', () => {
  it.each(Object.keys(JOBS) as JobName[])('%s: the same verdict as class-validator for the valid payload and every variation of each field', (name) => {
    const payloadClass = JOBS[name].payload as Function;
    const valid = VALID[name];
    expect(verdicts(payloadClass, valid)).toEqual({ compiled: true, library: true });

    let refused = 0;
    for (const variation of variationsOf(valid, ODD_VALUES)) {
      const { compiled, library } = verdicts(payloadClass, variation);
      expect({ variation, compiled }).toEqual({ variation, compiled: library });
      if (!library) refused++;
    }
    // The variations reach the refusals, not only the valid payload.
    expect(refused).toBeGreaterThan(Object.keys(valid).length);
  });

  it('leaves to class-validator a class with rules it does not run itself', () => {
    class Nested {
      @ValidateNested() child!: object;
    }
    class Each {
      @IsInt({ each: true }) amounts!: number[];
    }
    class Grouped {
      @IsString({ groups: ['admin'] }) note!: string;
    }
    class Conditional {
      @ValidateIf((o: { kind?: string }) => o.kind === 'a') @IsString() note!: string;
    }
    class ConditionalRule {
      @IsString({ validateIf: (o: { kind?: string }) => o.kind === 'a' }) note!: string;
    }
    class Empty {}
    expect(compiledChecks(Nested)).toBeNull();
    expect(compiledChecks(Each)).toBeNull();
    expect(compiledChecks(Grouped)).toBeNull();
    // ValidateIf is a condition like IsOptional, which the compiled checks run; validateIf on one rule is not.
    expect(compiledChecks(Conditional)).not.toBeNull();
    expect(compiledChecks(ConditionalRule)).toBeNull();
    expect(compiledChecks(Empty)).toBeNull();
  });

  it('runs conditions before IsDefined-like and every other rule, as class-validator does', () => {
    class Labelled {
      @IsOptional() @IsString() label?: string;
      @ValidateIf((o: { label?: string }) => o.label === 'on') @IsInt() count?: number;
    }
    for (const data of [{}, { label: 'on' }, { label: 'on', count: 2 }, { label: 'off' }, { label: 7 }, { label: null }, { count: 'x' }]) {
      const { compiled, library } = verdicts(Labelled, data);
      expect({ data, compiled }).toEqual({ data, compiled: library });
    }
  });
});
