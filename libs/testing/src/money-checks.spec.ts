import { DELIVERY_HEADER } from '@momo/contracts';
import { deliveriesByEvent } from './money-checks';
import { ReceivedWebhook } from './webhook-receiver';

const delivery = (type: string, id: string, deliveryId: string): ReceivedWebhook => ({
  method: 'POST',
  path: '/',
  headers: { [DELIVERY_HEADER]: deliveryId },
  rawBody: Buffer.from(JSON.stringify({ type, data: { id } })),
  receivedAt: 0,
});

describe('deliveriesByEvent', () => {
  it('groups what a receiver got by event, counting a retried delivery once and a second delivery id apart', () => {
    const events = deliveriesByEvent([
      delivery('payment.succeeded', 'a', 'd1'),
      delivery('payment.succeeded', 'a', 'd1'), // a retry of the same delivery
      delivery('payment.succeeded', 'b', 'd2'),
      delivery('payment.succeeded', 'b', 'd3'), // the same event created twice
      delivery('payment.failed', 'c', 'd4'),
      { ...delivery('x', 'y', 'd5'), rawBody: Buffer.from('not json') },
    ]);
    expect(Object.fromEntries([...events].map(([event, ids]) => [event, [...ids]]))).toEqual({
      'payment.succeeded:a': ['d1'],
      'payment.succeeded:b': ['d2', 'd3'],
      'payment.failed:c': ['d4'],
    });
  });
});
