import { TEST_API_KEY_PEPPER, TEST_SECRETS_KEY } from '../factories/merchant.factory';
import { TEST_REDIS_URL } from '../redis';
import { LocalStackOptions } from './local-stack';
import { PAYMENT_SERVICES } from './services';

type SharedOptions = Pick<LocalStackOptions, 'databaseUrl' | 'redisUrl' | 'queuePrefix' | 'apiKeyPepper' | 'secretsEncryptionKey' | 'ports' | 'output' | 'services'>;

/**
 * What every test, benchmark and chaos stack has in common: the test secrets (the ones seeded
 * merchants are made with), free ports, one log file per service in `logDirectory`, and the
 * services that move payments (the on-call console only where a test asks for it).
 */
export function testStackOptions(databaseUrl: string, queuePrefix: string, logDirectory: string, redisUrl = TEST_REDIS_URL): SharedOptions {
  return {
    databaseUrl,
    redisUrl,
    queuePrefix,
    apiKeyPepper: TEST_API_KEY_PEPPER,
    secretsEncryptionKey: TEST_SECRETS_KEY,
    ports: 'free',
    output: { kind: 'files', directory: logDirectory },
    services: PAYMENT_SERVICES,
  };
}
