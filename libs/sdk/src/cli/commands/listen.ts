import { randomBytes } from 'node:crypto';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from '@momo/contracts';
import type { MomoEvent } from '../../http/types';
import type { Command, CommandContext } from '../command';

/** Events can commit a little after the instant they carry; look back this far on every poll. */
const LOOK_BACK_MS = 120_000;

export const listenCommand: Command = {
  name: 'listen',
  summary: 'Forward events to a local URL, signed like real webhooks',
  usage: 'momo listen --forward-to http://localhost:4242/webhooks [--interval 1000] | momo listen --print-secret',
  options: { 'forward-to': { type: 'string' }, interval: { type: 'string' }, 'print-secret': { type: 'boolean' } },
  key: 'any',
  async run(context) {
    const { values, output } = context;
    const secret = await listenSecret(context);
    if (values['print-secret']) {
      output.result({ secret }, () => secret);
      return;
    }
    const target = values['forward-to'] as string | undefined;
    if (!target) throw new Error('where to? usage: momo listen --forward-to http://localhost:4242/webhooks');
    const url = new URL(target);
    const intervalMs = values.interval === undefined ? 1000 : Number(values.interval);
    const momo = context.client();
    const startedAt = Date.now();
    const seen = new Map<string, number>();
    // Events from before the start are not forwarded (`momo events list` shows them).
    for await (const event of momo.events.list({ created_from: new Date(startedAt - LOOK_BACK_MS).toISOString(), limit: 100 })) seen.set(event.id, startedAt);
    if (output.json) output.line({ ready: true, mode: momo.http.mode, forward_to: url.href, secret }, '');
    output.progress(`Ready. Forwarding ${momo.http.mode}-mode events to ${url.href}`);
    output.progress(`Webhook signing secret: ${secret}   (momo listen --print-secret prints it again)`);
    output.progress('Ctrl-C to stop.');
    while (!context.signal.aborted) {
      try {
        const fresh: MomoEvent[] = [];
        for await (const event of momo.events.list({ created_from: new Date(Math.max(startedAt, Date.now() - LOOK_BACK_MS) - LOOK_BACK_MS).toISOString(), limit: 100 })) {
          if (!seen.has(event.id)) fresh.push(event);
        }
        fresh.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
        for (const event of fresh) {
          seen.set(event.id, Date.now());
          await forward(context, url, secret, event);
        }
        for (const [id, at] of seen) if (at < Date.now() - 3 * LOOK_BACK_MS) seen.delete(id);
      } catch (error) {
        if (context.signal.aborted) break;
        output.progress(`… could not read events (${error instanceof Error ? error.message : String(error)}); trying again`);
      }
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
        context.signal.addEventListener('abort', () => (clearTimeout(timer), resolve(undefined)), { once: true });
      });
    }
  },
};

/** The local secret: made once and kept in the config, so a receiver started with it keeps working. */
async function listenSecret(context: CommandContext): Promise<string> {
  if (context.config.listenSecret) return context.config.listenSecret;
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  context.config.listenSecret = secret;
  await context.saveConfig(context.config);
  return secret;
}

/** One POST signed as the service signs deliveries: X-Service-Signature over `t.rawBody`, the event id as delivery id. */
async function forward({ output }: CommandContext, url: URL, secret: string, event: MomoEvent): Promise<void> {
  const body = JSON.stringify(event);
  const started = Date.now();
  let result: { status?: number; text?: string; error?: string };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'momo-cli-listen/1',
        [EVENT_HEADER]: event.type,
        [DELIVERY_HEADER]: event.id,
        [SIGNATURE_HEADER]: signatureHeader([secret], Math.floor(Date.now() / 1000), body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    result = { status: response.status, text: (await response.text()).slice(0, 200) };
  } catch (error) {
    result = { error: (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.message : String(error)) };
  }
  const ms = Date.now() - started;
  output.line(
    { event_id: event.id, type: event.type, transaction_id: event.data.id, status: result.status ?? null, error: result.error ?? null, duration_ms: ms },
    `${new Date().toISOString()}  --> ${event.type.padEnd(17)} ${event.id}  ` +
      (result.status !== undefined ? `[${result.status}${result.text ? ` ${result.text.replace(/\s+/g, ' ')}` : ''}] ${ms} ms` : `[failed: ${result.error}]`),
  );
}
