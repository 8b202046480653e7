import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { ensurePromtool, WORKSPACE_ROOT } from '@momo/testing';
import { alertRules, dashboardExpressions, metricNames, RULES_FILE } from './monitoring';

/** The alert rules and the dashboard, checked offline by promtool (Debian's prometheus package). */
describe('alerts and dashboard', () => {
  const promtool = ensurePromtool();
  const work = mkdtempSync(join(tmpdir(), 'momo-rules-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const check = (file: string) => execFileSync(promtool, ['check', 'rules', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  it('passes promtool check rules', () => {
    expect(check(RULES_FILE)).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('promtool refuses a broken expression (the check is real)', () => {
    const broken = join(work, 'broken.yaml');
    writeFileSync(broken, stringify({ groups: [{ name: 'x', rules: [{ alert: 'Broken', expr: 'sum by (queue (momo_queue_jobs)' }] }] }));
    expect(() => check(broken)).toThrow();
  });

  it('covers every signal the on-call team asked for, each with a severity, a summary and a runbook that exists', () => {
    const rules = alertRules();
    const signals = ['momo_queue_jobs', 'momo_queue_oldest_waiting_age_seconds', 'momo_pending_transaction_oldest_age_seconds', 'momo_operator_calls_total',
      'momo_operator_circuit_open', 'momo_webhook_attempts_total', 'momo_outbox_oldest_unpublished_age_seconds', 'momo_invariant_violations',
      'momo_reconciliation_exceptions_open', 'momo_http_request_duration_seconds'];
    const used = new Set(rules.flatMap((r) => metricNames(r.expr)));
    for (const signal of signals) expect([signal, used.has(signal)]).toEqual([signal, true]);
    expect(rules.some((r) => r.expr.includes('status_code=~"5.."'))).toBe(true);
    expect(rules.some((r) => r.expr.includes('histogram_quantile(0.99'))).toBe(true);
    for (const rule of rules) {
      expect([rule.alert, rule.labels?.severity]).toEqual([rule.alert, expect.stringMatching(/^(warning|critical)$/)]);
      expect(rule.annotations?.summary).toBeTruthy();
      const runbook = rule.annotations?.runbook_url ?? '';
      expect(runbook).toMatch(/^docs\/runbooks\/[a-z0-9-]+\.md$/);
      expect([rule.alert, existsSync(join(WORKSPACE_ROOT, runbook))]).toEqual([rule.alert, true]);
      // A runbook names the alert it serves, and says where to look and what to do.
      const text = readFileSync(join(WORKSPACE_ROOT, runbook), 'utf8');
      expect(text).toContain(rule.alert);
      expect(text).toMatch(/## Look/);
      expect(text).toMatch(/## Do/);
    }
  });

  it('has a dashboard whose every query parses as PromQL', () => {
    const queries = dashboardExpressions();
    expect(queries.length).toBeGreaterThan(15);
    // promtool parses PromQL only inside rule files: each query becomes a recording rule.
    const file = join(work, 'dashboard-queries.yaml');
    writeFileSync(file, stringify({ groups: [{ name: 'dashboard', rules: queries.map((q, i) => ({ record: `dashboard:query_${i}`, expr: q.expr })) }] }));
    expect(check(file)).toContain(`SUCCESS: ${queries.length} rules found`);
  });

  it('fires the alerts on the series they watch (promtool test rules)', () => {
    expect(execFileSync(promtool, ['test', 'rules', join(WORKSPACE_ROOT, 'deploy', 'monitoring', 'alerts.test.yaml')], { encoding: 'utf8' })).toContain('SUCCESS');
  });
});
