import { isSafeText, MAX_JSON_DEPTH, unsafeTextProblems } from './safe-text';

describe('safe text', () => {
  it('accepts ordinary text, accents, emoji and line breaks', () => {
    for (const text of ['Order 42', 'Café — Kigali', 'Thanks 🙏🏾', 'line one\nline two\ttab\r\n', '']) expect(isSafeText(text)).toBe(true);
  });

  it('refuses NUL, other control characters, DEL and unpaired surrogates', () => {
    for (const text of ['a\u0000b', '\u0001', 'x\u001by', '\u007f', '\ud800', 'a\udc00', '\udc00\ud800', '🙏'.slice(0, 1)]) expect(isSafeText(text)).toBe(false);
  });

  it('names each field, nested fields and bad keys', () => {
    expect(unsafeTextProblems({ description: 'ok', reference: 'r\u0000', metadata: { note: '\ud800', 'k\u0000': 'v' } })).toEqual({
      reference: [expect.stringContaining('reference must not contain NUL')],
      'metadata.note': [expect.stringContaining('metadata.note must not contain')],
      metadata: [expect.stringContaining('metadata has a key that')],
    });
    expect(unsafeTextProblems('x\u0000', 'id')).toEqual({ id: [expect.stringContaining('id must not')] });
    expect(unsafeTextProblems({ amount: 100, msisdn: '0788123456' })).toEqual({});
  });

  it('refuses nesting deeper than the limit without recursing', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(Object.keys(unsafeTextProblems({ metadata: deep }))).toEqual(['metadata' + '.0'.repeat(MAX_JSON_DEPTH - 1)]);
  });
});
