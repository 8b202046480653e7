import { generatePassword, hashPassword, verifyPassword } from './password-hash';

describe('password hashing', () => {
  it('verifies the right password and refuses any other', async () => {
    const password = generatePassword();
    const stored = await hashPassword(password);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored).not.toContain(password);
    await expect(verifyPassword(password, stored)).resolves.toBe(true);
    await expect(verifyPassword(`${password}x`, stored)).resolves.toBe(false);
    await expect(verifyPassword(password, 'not-a-hash')).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password 123')).not.toBe(await hashPassword('same password 123'));
  });
});
