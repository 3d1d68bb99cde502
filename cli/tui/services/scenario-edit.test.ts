/** A rule edited in the debugger changes only that rule in the file (audit 17tui T6). */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createSimulator } from '../../../src/simulator.js';
import { silentLogger } from '../../../src/core/logger.js';
import { connectSandbox } from '../target/connection.js';
import { Debugger } from './debugger.js';
import { setMatchRule } from './scenario-edit.js';

const fixture = readFileSync(join(import.meta.dirname, '..', '..', '..', 'fixtures', 'scenarios', 'idempotent-retry.yaml'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'switchboard-tui-edit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Lines of `after` that are not in `before` and the other way round. */
function changedLines(before: string, after: string): { added: string[]; removed: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  return { added: b.filter((line) => !a.includes(line)), removed: a.filter((line) => !b.includes(line)) };
}

describe('setting a match rule in a scenario file', () => {
  it('adds one line to an existing match block, and leaves long lines, folded text and flow maps alone', () => {
    const edited = setMatchRule(fixture, 0, '$.data.name', { type: 'string' });
    expect(changedLines(fixture, edited)).toEqual({ added: ['        $.data.name: { type: string }'], removed: [] });
    expect(parse(edited).steps[0].expect.match['$.data.name']).toEqual({ type: 'string' });
  });

  it('replaces a rule in place', () => {
    const edited = setMatchRule(fixture, 0, '$.data.created_at', 'any');
    expect(changedLines(fixture, edited)).toEqual({ added: ['        $.data.created_at: any'], removed: ['        $.data.created_at: iso-timestamp'] });
  });

  it('adds a match block to a step whose expect has none', () => {
    const text = 'scenario: s\nsteps:\n  - name: one\n    request: { method: GET, path: /account }\n    expect:\n      status: 200 # the seed\n  - name: two\n    request: { method: GET, path: /tags }\n';
    const edited = setMatchRule(text, 0, '$.data.plan', 'any');
    expect(edited).toBe('scenario: s\nsteps:\n  - name: one\n    request: { method: GET, path: /account }\n    expect:\n      status: 200 # the seed\n      match:\n        $.data.plan: any\n  - name: two\n    request: { method: GET, path: /tags }\n');
  });

  it('writes through the document API, unfolded, where the expect is a flow map', () => {
    const text = `scenario: ${'a long title '.repeat(10).trim()}\nsteps:\n  - name: one\n    request: { method: GET, path: /account }\n    expect: { status: 200 }\n`;
    const edited = setMatchRule(text, 0, '$.data.plan', 'any');
    expect(edited.split('\n')[0]).toBe(text.split('\n')[0]);
    expect(parse(edited).steps[0].expect).toEqual({ status: 200, match: { '$.data.plan': 'any' } });
  });
});

describe('w in the debugger', () => {
  it('does not write a file it has not changed, and writes only the edited rule when it has', async () => {
    const file = join(dir, 'retry.yaml');
    writeFileSync(file, fixture);
    const before = statSync(file).mtimeMs;
    const dbg = new Debugger(connectSandbox({ simulator: createSimulator({ logger: silentLogger }) }));
    await dbg.open(file);
    expect(dbg.save()).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(fixture);
    expect(statSync(file).mtimeMs).toBe(before);
    await dbg.setRule(1, '$.data.name', { type: 'string' });
    expect(dbg.save()).toBe(true);
    expect(changedLines(fixture, readFileSync(file, 'utf8'))).toEqual({ added: ['        $.data.name: { type: string }'], removed: [] });
    await dbg.close();
  });
});
