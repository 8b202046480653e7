import { OtlpReceiver } from './otlp-receiver';

describe('OtlpReceiver', () => {
  let receiver: OtlpReceiver;

  beforeEach(async () => {
    receiver = await OtlpReceiver.start();
  });

  afterEach(async () => {
    await receiver.close();
  });

  const post = (body: string) => fetch(`${receiver.url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('keeps each span with its service and its times in milliseconds', async () => {
    const response = await post(
      JSON.stringify({
        resourceSpans: [
          {
            resource: { attributes: [{ key: 'service.name', value: { stringValue: 'payments-core' } }] },
            scopeSpans: [
              {
                spans: [
                  { traceId: 't1', spanId: 's1', parentSpanId: '', name: 'payment-commands process create-payment', kind: 5, startTimeUnixNano: '1795773247520123456', endTimeUnixNano: '1795773247523623456' },
                ],
              },
            ],
          },
        ],
      }),
    );

    expect(response.status).toBe(200);
    expect(receiver.trace('t1')).toEqual([
      { service: 'payments-core', traceId: 't1', spanId: 's1', parentSpanId: undefined, name: 'payment-commands process create-payment', kind: 5, startMs: 1795773247520.1235, endMs: 1795773247523.6235 },
    ]);
  });

  it('refuses a body that is not JSON and keeps nothing of it', async () => {
    const response = await post('not json');

    expect(response.status).toBe(400);
    expect(receiver.spans).toHaveLength(0);
  });
});
