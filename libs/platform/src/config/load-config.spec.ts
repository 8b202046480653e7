import { IsNotEmpty, IsString } from 'class-validator';
import { InfraConfig } from './base.config';
import { ConfigError, loadConfig } from './load-config';

class SampleConfig extends InfraConfig {
  @IsString() @IsNotEmpty()
  SECRET_THING!: string;
}

describe('loadConfig', () => {
  it('applies defaults and converts numbers', () => {
    const config = loadConfig(SampleConfig, { SECRET_THING: 's', PORT: '4100' });
    expect(config.PORT).toBe(4100);
    expect(config.QUEUE_PREFIX).toBe('momo');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every missing or invalid setting, and never prints a value', () => {
    let error: unknown;
    try {
      loadConfig(SampleConfig, { PORT: '99999', DATABASE_URL: 'mysql://secret-password@db', REDIS_URL: 'nope' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['SECRET_THING', 'PORT', 'DATABASE_URL', 'REDIS_URL']) expect(message).toContain(name);
    expect(message).not.toContain('secret-password');
  });

  it('ignores environment variables it does not declare', () => {
    const config = loadConfig(SampleConfig, { SECRET_THING: 's', UNRELATED: 'x' }) as unknown as Record<string, unknown>;
    expect(config.UNRELATED).toBeUndefined();
  });
});
