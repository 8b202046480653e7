import { compareReport, parseOperatorReport } from './operator-report';

const MTN_HEADER = 'Financial Transaction Id,Reference Id,External Transaction Id,Date,Type,Status,Amount,Currency,Account Holder';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('operator statement reports', () => {
  it("reads MTN's layout, in Kigali time", () => {
    const { lines, problems } = parseOperatorReport('mtn', `${MTN_HEADER}\n111,${id(1)},${id(1)},2026-03-10 14:05:11,DEBIT,SUCCESSFUL,1000,RWF,250788123456\n`);
    expect(problems).toEqual([]);
    expect(lines[0]).toMatchObject({ lineNumber: 2, operatorTxnId: '111', reference: id(1), status: 'succeeded', amount: 1000 });
    expect(lines[0].at.toISOString()).toBe('2026-03-10T12:05:11.000Z');
  });

  it("reads Airtel's layout: semicolons, TS/TF/TIP, day first", () => {
    const { lines, problems } = parseOperatorReport('airtel', `TXN_ID;PARTNER_REF;TXN_DATE;TXN_TYPE;TXN_STATUS;AMOUNT;CURRENCY;MSISDN\nA1;${id(2)};01/02/2026 00:30:00;COLLECTION;TF;500;RWF;728123456\nA2;${id(3)};01/02/2026 00:31:00;REFUND;TIP;100;RWF;728123456\n`);
    expect(problems).toEqual([]);
    expect(lines.map((l) => [l.status, l.at.toISOString()])).toEqual([
      ['failed', '2026-01-31T22:30:00.000Z'],
      ['pending', '2026-01-31T22:31:00.000Z'],
    ]);
  });

  it('names every unreadable line, and a file in the wrong layout', () => {
    const { problems } = parseOperatorReport('mtn', `${MTN_HEADER}\n1,${id(1)},,2026-03-10 14:05:11,DEBIT,DONE,1000,RWF,x\n2,${id(1)},,10/03/2026 14:05:11,DEBIT,FAILED,10.5,RWF,x\n3,${id(1)},,10/03/2026 14:05:11,DEBIT,FAILED,10,RWF,x\n`);
    expect(problems).toEqual(['line 2: unknown status "DONE"', 'line 3: amount "10.5" is not a whole number of RWF', 'line 4: date "10/03/2026 14:05:11" is not in the mtn format']);
    expect(parseOperatorReport('airtel', `${MTN_HEADER}\n1,${id(1)},,2026-03-10 14:05:11,DEBIT,FAILED,10,RWF,x\n`).problems[0]).toMatch(/^not a report in the airtel layout/);
  });

  it('finds each kind of mismatch, and leaves what is still in flight alone', () => {
    const at = new Date('2026-03-10T12:00:00Z');
    const period = { from: new Date('2026-03-10T00:00:00Z'), to: new Date('2026-03-11T00:00:00Z') };
    const line = (n: number, status: 'succeeded' | 'failed' | 'pending', amount = 1000) => ({ lineNumber: n + 1, operatorTxnId: `op${n}`, reference: id(n), at, status, amount, raw: {} });
    const ours = (n: number, status: 'succeeded' | 'failed' | 'pending', amount = 1000) => ({ id: id(n), status, amount, createdAt: at });
    const result = compareReport(
      [line(1, 'succeeded'), line(2, 'succeeded', 999), line(3, 'failed'), line(4, 'succeeded'), line(5, 'succeeded'), line(6, 'pending')],
      [ours(1, 'succeeded'), ours(2, 'succeeded'), ours(3, 'succeeded'), ours(4, 'failed'), ours(6, 'succeeded'), ours(7, 'succeeded'), ours(8, 'failed')],
      period,
    );
    expect(result.mismatches.map((m) => [m.kind, 'line' in m ? m.line.reference : m.ours.id])).toEqual([
      ['amount_differs', id(2)],
      ['phantom_success', id(3)],
      ['missed_success', id(4)],
      ['missing_here', id(5)],
      ['missing_at_operator', id(7)],
    ]);
    expect(result).toMatchObject({ matched: 5, inFlight: 1 });
  });
});
