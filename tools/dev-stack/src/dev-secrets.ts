import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface DevSecrets {
  apiKeyPepper: string;
  secretsEncryptionKey: string;
}

/** Development secrets, generated once per checkout and kept in .dev/ (git-ignored). */
export function loadOrCreateDevSecrets(path: string): DevSecrets {
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as DevSecrets;
  const secrets = {
    apiKeyPepper: randomBytes(32).toString('base64url'),
    secretsEncryptionKey: randomBytes(32).toString('base64'),
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
