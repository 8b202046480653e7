import { acceptedRequestId, carrierFrom, currentRequestId, runWithRequestId } from './trace-context';
import { carrierForHop, continueTrace, currentCarrier, SpanKind, tracingEnabled } from './tracing';

describe('request ids', () => {
  it('keeps a well-formed caller id and replaces anything else with a new UUID', () => {
    expect(acceptedRequestId('order-1001.try:2@shop_A')).toBe('order-1001.try:2@shop_A');
    for (const bad of [undefined, '', 'short', 'has space in it', 'x'.repeat(129), '<script>alert(1)</script>', ['two', 'values']]) {
      expect(acceptedRequestId(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('reads a carrier from job data, dropping what is malformed', () => {
    expect(carrierFrom({ requestId: 'req-12345678', traceparent: '00-abc-def-01' })).toEqual({ requestId: 'req-12345678', traceparent: '00-abc-def-01' });
    expect(carrierFrom({ requestId: 'bad id' })).toBeUndefined();
    expect(carrierFrom('req-12345678')).toBeUndefined();
    expect(carrierFrom(undefined)).toBeUndefined();
  });

  it('with tracing off, carries the id through async work and hops unchanged, and adds nothing else', async () => {
    expect(tracingEnabled()).toBe(false);
    expect(currentRequestId()).toBeUndefined();
    await runWithRequestId({ requestId: 'req-outer-1' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(currentRequestId()).toBe('req-outer-1');
      expect(currentCarrier()).toEqual({ requestId: 'req-outer-1' });
      expect(carrierForHop('q', 'job', undefined)).toEqual({ requestId: 'req-outer-1' });
      // An explicit carrier (a stored transaction's) wins over the current one.
      expect(carrierForHop('q', 'job', { requestId: 'req-stored-1' })).toEqual({ requestId: 'req-stored-1' });
      await continueTrace({ requestId: 'req-job-0001' }, 'q process job', SpanKind.CONSUMER, async () => {
        expect(currentRequestId()).toBe('req-job-0001');
      });
      expect(currentRequestId()).toBe('req-outer-1');
    });
    expect(currentRequestId()).toBeUndefined();
    // Off means off: no part of the OpenTelemetry SDK, exporter or instrumentation was even loaded.
    expect(Object.keys(require.cache).filter((file) => /@opentelemetry[\\/](sdk-|exporter-|instrumentation)/.test(file))).toEqual([]);
  });
});
