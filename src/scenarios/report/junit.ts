/** JUnit XML for CI: one testsuite per scenario file, one testcase per step. */
import { formatMismatch } from './console.js';
import type { RunReport } from '../types.js';

function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // XML 1.0 cannot carry most control characters, even escaped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

export function formatJunit(report: RunReport): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const { passed, failed, skipped } = report.totals;
  lines.push(`<testsuites name="switchboard scenarios" tests="${passed + failed + skipped}" failures="${failed}" skipped="${skipped}" time="${(report.durationMs / 1000).toFixed(3)}">`);
  for (const scenario of report.scenarios) {
    const tests = scenario.steps.length + (scenario.error ? 1 : 0);
    lines.push(
      `  <testsuite name="${escape(scenario.name)}" file="${escape(scenario.file)}" tests="${tests}" failures="${scenario.failed}" skipped="${scenario.skipped}" time="${(scenario.durationMs / 1000).toFixed(3)}">`,
    );
    lines.push(`    <properties><property name="target" value="${escape(scenario.target)}"/></properties>`);
    if (scenario.error) {
      lines.push(`    <testcase classname="${escape(scenario.file)}" name="(scenario)"><failure message="${escape(scenario.error)}"/></testcase>`);
    }
    for (const step of scenario.steps) {
      const name = `${step.number}. ${step.name}`;
      const open = `    <testcase classname="${escape(scenario.file)}" name="${escape(name)}" time="${(step.durationMs / 1000).toFixed(3)}"`;
      if (step.status === 'passed') lines.push(`${open}/>`);
      else if (step.status === 'skipped') lines.push(`${open}><skipped message="${escape(step.note ?? '')}"/></testcase>`);
      else {
        const detail = [step.note ?? '', ...step.mismatches.map(formatMismatch)].filter(Boolean).join('\n');
        const message = step.note ?? step.mismatches[0]?.message ?? 'failed';
        lines.push(`${open}><failure message="${escape(message)}">${escape(detail)}</failure></testcase>`);
      }
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
