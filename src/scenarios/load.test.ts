/** Malformed scenario files: every error names the file, the line and the path; never a stack. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenarioFile, parseScenarioText, ScenarioError } from './load.js';

const dir = mkdtempSync(join(tmpdir(), 'switchboard-scenario-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function problems(text: string, file = 'bad.yaml'): string[] {
  try {
    parseScenarioText(text, file);
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as Error).message.split('\n');
  }
  throw new Error('expected a ScenarioError');
}

const GOOD = `scenario: ok
steps:
  - name: read the account
    request: { path: /account }
    expect: { status: 200 }
`;

describe('parseScenarioText', () => {
  it('reads YAML and JSON, filling defaults', () => {
    const yaml = parseScenarioText(GOOD, 'good.yaml');
    expect(yaml.steps[0]!.request).toEqual({ method: 'GET', path: '/account' });
    const json = parseScenarioText(JSON.stringify({ scenario: 'ok', steps: [{ name: 'a', request: { method: 'post', path: '/tags', body: { name: 'x' } } }] }), 'good.json');
    expect(json.steps[0]!.request!.method).toBe('POST');
  });

  it('a YAML syntax error names file, line and column', () => {
    expect(problems('scenario: x\nsteps:\n  - name: [unclosed\n')[0]).toMatch(/^bad\.yaml:\d+:\d+: \$: /);
    const [line] = problems('scenario: x\nsteps:\n  - name: a\n    request: {path: /a\n');
    expect(line).toMatch(/^bad\.yaml:[45]:\d+: \$: /);
  });

  it('a schema error names the line and the JSON path of the offending value', () => {
    const text = `scenario: x
steps:
  - name: first
    request: { path: /account }
  - name: second
    request:
      method: FETCH
      path: /account
`;
    expect(problems(text)).toEqual([expect.stringMatching(/^bad\.yaml:7:7: \$\.steps\[1\]\.request\.method: Invalid option/)]);
  });

  it('an unknown field is named, at its own line', () => {
    const text = `scenario: x
steps:
  - name: first
    request: { path: /account }
    expct: { status: 200 }
`;
    expect(problems(text)).toEqual(['bad.yaml:5:5: $.steps[0].expct: unknown field']);
  });

  it('a step with two kinds, a key written inline, a bad rule and a bad capture are each explained', () => {
    const text = `scenario: x
steps:
  - name: both
    request: { path: /a }
    wait: 1s
  - name: inline key
    request: { path: /a, key: "sbx_business_full_be197f2d81b1c329x" }
  - name: rule
    request: { path: /a }
    expect: { match: { "$.id": { regex: 1 } } }
  - name: capture
    request: { path: /a }
    capture: { id: data.id }
`;
    const lines = problems(text);
    expect(lines[0]).toMatch(/^bad\.yaml:3:\d+: \$\.steps\[0\]: a step has exactly one of request, sandbox, await or wait/);
    expect(lines[1]).toMatch(/^bad\.yaml:7:\d+: \$\.steps\[1\]\.request\.key: must name a credential/);
    expect(lines[2]).toMatch(/^bad\.yaml:10:\d+: \$\.steps\[2\]\.expect\.match\['\$\.id'\]: Invalid input/);
    expect(lines[3]).toMatch(/^bad\.yaml:13:\d+: \$\.steps\[3\]\.capture\.id: /);
  });

  it('no steps, not a mapping, an empty file', () => {
    expect(problems('scenario: x\nsteps: []\n')[0]).toMatch(/^bad\.yaml:2:\d+: \$\.steps: /);
    expect(problems('- just\n- a list\n')[0]).toMatch(/^bad\.yaml:1:1: \$: /);
    expect(problems('')[0]).toMatch(/^bad\.yaml:1:1: \$: /);
  });
});

describe('loadScenarioFile', () => {
  it('names a file it cannot read', () => {
    expect(() => loadScenarioFile(join(dir, 'missing.yaml'))).toThrow(/missing\.yaml:1:1: \$: cannot read the file \(ENOENT\)/);
  });

  it('reads a file from disk', () => {
    const file = join(dir, 'good.yaml');
    writeFileSync(file, GOOD);
    expect(loadScenarioFile(file).scenario.scenario).toBe('ok');
  });
});
