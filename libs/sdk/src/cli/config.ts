import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** What `momo login` keeps: one key of each kind and where the API is; plus the `momo listen` secret. */
export interface CliConfig {
  baseUrl?: string;
  /** `sk_…`: money commands, events, balance, listen, trigger. */
  appKey?: string;
  /** `ak_…`: apps. */
  accountKey?: string;
  /** Signs what `momo listen` forwards; made once, so a local receiver can keep it. */
  listenSecret?: string;
}

/** The environment the CLI reads (the only place it reads it). */
export interface CliEnvironment {
  configFile: string;
  apiKey?: string;
  baseUrl?: string;
}

export function cliEnvironment(env: NodeJS.ProcessEnv = process.env): CliEnvironment {
  const configHome = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return {
    configFile: env.MOMO_CONFIG_FILE || join(configHome, 'momo', 'config.json'),
    apiKey: env.MOMO_API_KEY || undefined,
    baseUrl: env.MOMO_BASE_URL || undefined,
  };
}

export async function loadConfig(file: string): Promise<CliConfig> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as CliConfig;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`cannot read ${file}: ${(error as Error).message}`);
  }
}

/** Written readable by the user only (0600, folder 0700): it holds API keys. Replaced atomically. */
export async function saveConfig(file: string, config: CliConfig): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, file);
}
