import { createInterface } from 'node:readline/promises';
import { Momo } from '../../client';
import type { Command } from '../command';
import { fields } from '../output';

const KEY = /^(sk|ak)_(test|live)_[0-9A-Za-z]{32,}$/;

export const loginCommand: Command = {
  name: 'login',
  summary: 'Store a test key in your config (checked against the API first)',
  usage: 'momo login [--key sk_test_…|ak_test_…] [--base-url http://127.0.0.1:3000] [--live]',
  options: { key: { type: 'string' }, live: { type: 'boolean' } },
  key: 'none',
  async run({ values, output, config, environment, saveConfig }) {
    let key = values.key as string | undefined;
    if (!key) {
      const prompt = createInterface({ input: process.stdin, output: process.stderr });
      key = (await prompt.question('API key (sk_test_… or ak_test_…): ')).trim();
      prompt.close();
    }
    const match = KEY.exec(key);
    if (!match) throw new Error('that is not an API key: keys look like sk_test_… (app) or ak_test_… (account)');
    const [, kind, mode] = match;
    if (mode === 'live' && !values.live) {
      throw new Error('that is a live key: it moves real money. The CLI is for test mode; pass --live if you really mean it');
    }
    const baseUrl = (values['base-url'] as string | undefined) ?? environment.baseUrl ?? config.baseUrl;
    output.progress('… checking the key');
    const balance = await new Momo({ apiKey: key, baseUrl, maxRetries: 1 }).balance.get();
    const next = { ...config, ...(baseUrl ? { baseUrl } : {}), ...(kind === 'sk' ? { appKey: key } : { accountKey: key }) };
    await saveConfig(next);
    const summary = { kind: kind === 'sk' ? 'app' : 'account', mode: balance.mode, base_url: baseUrl ?? 'http://127.0.0.1:3000', config_file: environment.configFile };
    output.result(summary, () =>
      [`Logged in with an ${summary.kind} key (${summary.mode} mode).`, fields([['API', summary.base_url], ['saved in', summary.config_file]])].join('\n'),
    );
  },
};
