import { age, maskedPhone, rwf } from './html';

describe('how the console writes values', () => {
  it('writes a duration in its two largest units, leaving out a second unit that is zero', () => {
    expect([0, 45, 60, 300, 330, 900, 3_600, 5_400, 86_400, 90_000, 93_600].map(age)).toEqual([
      '0s',
      '45s',
      '1m',
      '5m',
      '5m 30s',
      '15m',
      '1h',
      '1h 30m',
      '1d',
      '1d 1h',
      '1d 2h',
    ]);
    expect(age(null)).toBe('—');
  });

  it('groups an amount in thousands and masks the middle of a phone number', () => {
    expect(rwf(1_234_567)).toBe('1,234,567 RWF');
    expect(maskedPhone('250788123456')).toBe('250 78 8•• •456');
  });
});
