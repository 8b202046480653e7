import { parsePrometheusText } from './prometheus-text';

describe('parsePrometheusText', () => {
  it('reads samples with their labels and skips comments', () => {
    const samples = parsePrometheusText(
      ['# HELP momo_operator_circuit_state x', '# TYPE momo_operator_circuit_state gauge', 'momo_operator_circuit_state{network="mtn",mode="test"} 2', 'process_cpu_seconds_total 1.5', 'weird{a="q\\"uote"} 3'].join('\n'),
    );
    expect(samples).toEqual([
      { name: 'momo_operator_circuit_state', labels: { network: 'mtn', mode: 'test' }, value: 2 },
      { name: 'process_cpu_seconds_total', labels: {}, value: 1.5 },
      { name: 'weird', labels: { a: 'q"uote' }, value: 3 },
    ]);
  });
});
