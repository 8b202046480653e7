import { maskPhoneNumbers, serializeErrorForLog } from './personal-data';

describe('personal data in logs', () => {
  it('masks wallet numbers in every spelling and leaves other numbers alone', () => {
    expect(maskPhoneNumbers('payer 250788123456, +250728123456, 0798123456 or 788123456')).toBe(
      'payer 25078****456, +25072****456, 079****456 or 78****456',
    );
    expect(maskPhoneNumbers('amount 1500, id 3f2c-1234567890123, uuid 5d1e-a0788123456b, port 3000')).toBe('amount 1500, id 3f2c-1234567890123, uuid 5d1e-a0788123456b, port 3000');
  });

  it('drops bound parameters and value-carrying details of database errors, keeping what helps', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "t_msisdn"'), {
      query: 'INSERT INTO t (msisdn) VALUES ($1)',
      parameters: ['250788123456', 'Jane Doe'],
      detail: 'Key (msisdn)=(250788123456) already exists.',
      code: '23505',
      driverError: { message: 'duplicate key 250788123456', detail: 'Key (msisdn)=(250788123456)', parameters: ['250788123456'] },
    });
    const logged = JSON.stringify(serializeErrorForLog(error));
    expect(logged).not.toMatch(/250788123456|Jane Doe/);
    expect(logged).toContain('INSERT INTO t (msisdn) VALUES ($1)');
    expect(logged).toContain('23505');
    expect(logged).toContain('25078****456');
  });
});
