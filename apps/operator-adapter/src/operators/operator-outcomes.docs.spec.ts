import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '@momo/contracts';
import { AIRTEL_CODES } from '../airtel/airtel-outcomes';
import { MTN_REASONS } from '../mtn/mtn-outcomes';
import { NETWORK_FAILURE_CODES } from './failure-codes';

/** docs/operator-outcomes.md is the mapping table merchants and support read: it must be the code's. */
describe('docs/operator-outcomes.md', () => {
  const doc = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'operator-outcomes.md'), 'utf8');
  const section = (heading: string) => doc.split('\n## ').find((s) => s.startsWith(heading)) ?? '';
  const row = (heading: string, first: string) => section(heading).split('\n').find((line) => line.startsWith(`| \`${first}\` |`));

  it('lists every failure code with its HTTP status', () => {
    for (const code of NETWORK_FAILURE_CODES) expect({ code, row: row('Our failure codes', code)?.split('|')[2].trim() }).toEqual({ code, row: String(ERROR_CODES[code].http) });
  });

  it('maps every MTN reason as the code does', () => {
    for (const [reason, code] of Object.entries(MTN_REASONS)) expect({ reason, row: row('MTN MoMo reasons', reason)?.split('|')[2].trim() }).toEqual({ reason, row: `\`${code}\`` });
  });

  it('maps every Airtel code as the code does', () => {
    for (const [code, { verdict, failureCode }] of Object.entries(AIRTEL_CODES)) {
      const cells = row('Airtel Money response codes', code)?.split('|').map((c) => c.trim());
      expect({ code, verdict: cells?.[3].includes(verdict === 'failure' ? 'refused' : verdict) }).toEqual({ code, verdict: true });
      if (failureCode) expect({ code, failureCode: cells?.[4] }).toEqual({ code, failureCode: `\`${failureCode}\`` });
    }
  });
});
