import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { TEST_API_KEY_PEPPER, TEST_SECRETS_KEY } from './factories/merchant.factory';
import { TEST_REDIS_URL } from './redis';
import { childEnvironment } from './stack/child-environment';
import { WORKSPACE_ROOT } from './stack/services';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the compiled admin CLI as an operator would, against a test database and queue prefix. */
export function runAdminCli(args: string[], target: { databaseUrl: string; queuePrefix?: string; redisUrl?: string; env?: Record<string, string>; stdin?: string }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(WORKSPACE_ROOT, 'dist/apps/admin-cli/src/main.js'), ...args], {
      env: childEnvironment({
        DATABASE_URL: target.databaseUrl,
        REDIS_URL: target.redisUrl ?? TEST_REDIS_URL,
        QUEUE_PREFIX: target.queuePrefix ?? 'momo_cli_test',
        API_KEY_PEPPER: TEST_API_KEY_PEPPER,
        SECRETS_ENCRYPTION_KEY: TEST_SECRETS_KEY,
        ...target.env,
      }),
      stdio: [target.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    if (target.stdin !== undefined) child.stdin?.end(target.stdin);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
