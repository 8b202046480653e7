import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from './error-codes';

describe('ERROR_CODES', () => {
  it('are upper snake case with an HTTP error status and a message', () => {
    for (const [code, { http, message }] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(http).toBeGreaterThanOrEqual(400);
      expect(http).toBeLessThan(600);
      expect(message.length).toBeGreaterThan(10);
    }
    expect(ERROR_CODES.RATE_LIMITED.http).toBe(429);
  });

  it('are all documented in docs/errors.md with their status', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'errors.md'), 'utf8');
    for (const [code, { http }] of Object.entries(ERROR_CODES)) {
      expect(doc).toContain(`| \`${code}\` | ${http} |`);
    }
  });
});
