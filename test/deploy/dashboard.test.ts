/**
 * The Grafana dashboard in deploy/: every query is valid PromQL (promtool checks it as a recording rule) and names only
 * metrics the kiosk shell exports (or Prometheus's own `up`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMetrics } from '../../main/kiosk/ops/metrics';
import { createOpsStatus } from '../../main/kiosk/ops/status';

const Dashboard = z.object({
  title: z.string(),
  panels: z.array(z.object({ title: z.string(), targets: z.array(z.object({ expr: z.string() })) })),
});
const dashboard = Dashboard.parse(JSON.parse(readFileSync(resolve(import.meta.dirname, '../../deploy/grafana-dashboard.json'), 'utf8')));
const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr.replaceAll('$job', '.+')));
const work = mkdtempSync(join(tmpdir(), 'tunewall-dashboard-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the Grafana dashboard', () => {
  it('asks only valid PromQL', () => {
    const rules = { groups: [{ name: 'dashboard', rules: exprs.map((expr, i) => ({ record: `tunewall:dashboard_query:${i}`, expr })) }] };
    const file = join(work, 'rules.yml');
    // JSON is YAML: promtool reads it as a rule file.
    writeFileSync(file, JSON.stringify(rules));
    const run = spawnSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toContain(`SUCCESS: ${exprs.length} rules found`);
    expect(run.status).toBe(0);
  });

  it('names only metrics the kiosk shell exports', async () => {
    const text = await createMetrics({ status: createOpsStatus(), version: '0', restarts: 0, tokenValidUntil: async () => undefined }).render();
    const exported = new Set([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap((m) => {
      const name = m[1] ?? '';
      return m[2] === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name];
    }));
    const used = new Set(exprs.flatMap((e) => [...e.matchAll(/\b(tunewall_[a-z_]+|process_[a-z_]+|nodejs_[a-z_]+)\b/g)].map((m) => m[1] ?? '')));
    expect(used.size).toBeGreaterThan(8);
    for (const name of used) expect(exported, `${name} is not exported`).toContain(name);
  });
});
