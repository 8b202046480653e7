import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, verifySignature } from '@momo/contracts';
import { WebhookReceiver } from '@momo/testing';

/** A local endpoint for the demo app's webhooks that checks each signature and prints the event. */
export async function startDemoWebhookInbox(port: number, secret: string): Promise<WebhookReceiver> {
  const receiver = await WebhookReceiver.start(port);
  receiver.respondWith = (request) => {
    const verdict = verifySignature(request.headers[SIGNATURE_HEADER] as string | undefined, request.rawBody, secret);
    let summary = '';
    try {
      const event = JSON.parse(request.rawBody.toString('utf8')) as { data?: { id?: string; status?: string; amount?: number } };
      summary = `${event.data?.id} ${event.data?.status} ${event.data?.amount} RWF`;
    } catch {
      summary = 'unparseable body';
    }
    const signature = verdict.ok ? 'signature ok' : `signature ${verdict.reason}`;
    process.stdout.write(`${'demo-webhook-inbox'.padEnd(18)} | ${request.headers[EVENT_HEADER]} ${summary} (${signature}, delivery ${request.headers[DELIVERY_HEADER]})\n`);
    return verdict.ok ? 200 : 400;
  };
  return receiver;
}
