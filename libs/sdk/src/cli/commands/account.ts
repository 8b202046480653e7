import type { App, AppCreated } from '../../http/types';
import type { Command } from '../command';
import { fields, rwf, table } from '../output';
import { eventTable, limitOf, listed, required } from './shared';

const describeApp = (app: App) =>
  fields([
    ['id', app.id],
    ['name', app.name],
    ['status', app.status],
    ['webhook url', app.webhook_url],
    ['keys', app.api_keys.map((k) => k.hint).join(', ')],
    ['created', app.created_at],
  ]);

export const accountCommands: Command[] = [
  {
    name: 'balance',
    summary: "The merchant's balance in the key's mode: available, pending (not yet settled), reserved (payouts in flight)",
    usage: 'momo balance',
    key: 'any',
    async run({ output, client }) {
      const balance = await client().balance.get();
      output.result(balance, () => fields([['available', rwf(balance.available)], ['pending', rwf(balance.pending)], ['reserved', rwf(balance.reserved)], ['mode', balance.mode]]));
    },
  },
  {
    name: 'apps list',
    summary: "The account's apps",
    usage: 'momo apps list',
    key: 'account',
    async run({ output, client }) {
      const apps = await client().apps.list().toArray();
      output.result(apps, () => table(['ID', 'NAME', 'STATUS', 'WEBHOOK URL'], apps.map((a) => [a.id, a.name, a.status, a.webhook_url ?? '-'])));
    },
  },
  {
    name: 'apps get',
    summary: 'One app',
    usage: 'momo apps get <id>',
    key: 'account',
    async run({ positionals, output, client }) {
      if (!positionals[0]) throw new Error('which app? usage: momo apps get <id>');
      const app = await client().apps.get(positionals[0]);
      output.result(app, () => describeApp(app));
    },
  },
  {
    name: 'apps create',
    summary: 'Create an app (prints its webhook secret and keys once)',
    usage: 'momo apps create --name "My shop" [--webhook-url https://…]',
    options: { name: { type: 'string' }, 'webhook-url': { type: 'string' }, 'idempotency-key': { type: 'string' } },
    key: 'account',
    async run({ values, output, client }) {
      const app: AppCreated = await client().apps.create(
        { name: required(values.name, 'name'), ...(values['webhook-url'] ? { webhook_url: values['webhook-url'] as string } : {}) },
        { idempotencyKey: values['idempotency-key'] as string | undefined },
      );
      output.result(app, () =>
        [describeApp(app), '', 'Shown only now; store them safely:', fields([['webhook secret', app.webhook_secret], ['test key', app.keys.test], ['live key', app.keys.live]])].join('\n'),
      );
    },
  },
  {
    name: 'apps update',
    summary: 'Rename, change the webhook URL, disable or enable an app',
    usage: 'momo apps update <id> [--name N] [--webhook-url URL | --no-webhook-url] [--disable | --enable]',
    options: { name: { type: 'string' }, 'webhook-url': { type: 'string' }, 'no-webhook-url': { type: 'boolean' }, disable: { type: 'boolean' }, enable: { type: 'boolean' } },
    key: 'account',
    async run({ values, positionals, output, client }) {
      if (!positionals[0]) throw new Error('which app? usage: momo apps update <id> …');
      if (values.disable && values.enable) throw new Error('--disable or --enable, not both');
      const app = await client().apps.update(positionals[0], {
        ...(values.name !== undefined ? { name: values.name as string } : {}),
        ...(values['webhook-url'] !== undefined ? { webhook_url: values['webhook-url'] as string } : {}),
        ...(values['no-webhook-url'] ? { webhook_url: null } : {}),
        ...(values.disable ? { status: 'disabled' as const } : values.enable ? { status: 'active' as const } : {}),
      });
      output.result(app, () => describeApp(app));
    },
  },
  {
    name: 'events list',
    summary: 'Events (webhook bodies), newest first',
    usage: 'momo events list [--type payment.succeeded,payment.failed] [--since 2026-01-01T00:00:00Z] [--limit 20] [--all]',
    options: { type: { type: 'string' }, since: { type: 'string' }, limit: { type: 'string' }, all: { type: 'boolean' } },
    key: 'any',
    async run({ values, output, client }) {
      const list = client().events.list({
        type: values.type as string | undefined,
        created_from: values.since as string | undefined,
        limit: limitOf(values),
      });
      const items = await listed(list, values);
      output.result(items, () => eventTable(items));
    },
  },
  {
    name: 'events get',
    summary: 'One event: exactly the body of its webhook',
    usage: 'momo events get <id>',
    key: 'any',
    async run({ positionals, output, client }) {
      if (!positionals[0]) throw new Error('which event? usage: momo events get <id>');
      const event = await client().events.get(positionals[0]);
      output.result(event, () => JSON.stringify(event, null, 2));
    },
  },
];
