import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CHART } from './chart';

export const RULES_FILE = join(CHART, 'files', 'prometheus-rules.yaml');
export const DASHBOARD_FILE = join(CHART, 'files', 'grafana-dashboard.json');

export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export function alertRules(): AlertRule[] {
  const file = parse(readFileSync(RULES_FILE, 'utf8')) as { groups: { name: string; rules: AlertRule[] }[] };
  return file.groups.flatMap((g) => g.rules);
}

/** Every PromQL expression of the dashboard's panels. */
export function dashboardExpressions(): { panel: string; expr: string }[] {
  const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as { panels: { title: string; targets?: { expr: string }[] }[] };
  return dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));
}

/**
 * The metric names an expression reads. Every series of this project is named momo_…; the
 * histogram suffixes are folded onto the histogram's name, as /metrics declares it.
 */
export function metricNames(expr: string): string[] {
  const names = expr.match(/\bmomo_[a-z0-9_]+/g) ?? [];
  return [...new Set(names.map((n) => n.replace(/_(bucket|count|sum)$/, '')))];
}
