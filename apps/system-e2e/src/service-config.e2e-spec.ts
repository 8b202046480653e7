import { spawnSync } from 'node:child_process';
import { serviceEntryPoint } from '@momo/testing';

/** A service with a missing or bad setting must not start, and must say which setting. */
describe('service configuration at start', () => {
  const start = (service: Parameters<typeof serviceEntryPoint>[0], env: Record<string, string>) =>
    spawnSync(process.execPath, [serviceEntryPoint(service)], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 20_000 });

  it('refuses to start the gateway without its key pepper, naming it', () => {
    const result = start('api-gateway', { PORT: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('api-gateway: cannot start');
    expect(result.stderr).toContain('API_KEY_PEPPER');
  });

  it('names every invalid setting and never echoes a value', () => {
    const result = start('webhook-dispatcher', {
      SECRETS_ENCRYPTION_KEY: 'k',
      DATABASE_URL: 'mysql://user:hunter2@db/x',
      WEBHOOK_MAX_ATTEMPTS: 'many',
      PORT: '0',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL');
    expect(result.stderr).toContain('WEBHOOK_MAX_ATTEMPTS');
    expect(result.stderr).not.toContain('hunter2');
  });

  it('refuses a management port equal to the public port, naming it', () => {
    const result = start('operator-simulator', { PORT: '39999', MANAGEMENT_PORT: '39999' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('operator-simulator: cannot start');
    expect(result.stderr).toContain('MANAGEMENT_PORT');
  });
});
