import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface DevSecrets {
  apiKeyPepper: string;
  secretsEncryptionKey: string;
  /** The demo on-call console account's password (added to older files when missing). */
  consolePassword: string;
}

/** Development secrets, generated once per checkout and kept in .dev/ (git-ignored). */
export function loadOrCreateDevSecrets(path: string): DevSecrets {
  const kept = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Partial<DevSecrets>) : {};
  if (kept.apiKeyPepper && kept.secretsEncryptionKey && kept.consolePassword) return kept as DevSecrets;
  const secrets: DevSecrets = {
    apiKeyPepper: kept.apiKeyPepper ?? randomBytes(32).toString('base64url'),
    secretsEncryptionKey: kept.secretsEncryptionKey ?? randomBytes(32).toString('base64'),
    consolePassword: kept.consolePassword ?? randomBytes(12).toString('base64url'),
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
