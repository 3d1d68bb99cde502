/**
 * House rules that a reviewer should never have to catch by eye (ARCHITECTURE.md, DEVELOPERS):
 * no `any` in src/, time and randomness only through clock.ts/random.ts, no focused tests, and the
 * conformance kit never imports the implementation it judges.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function files(dir: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path, pattern));
    else if (pattern.test(name)) out.push(path);
  }
  return out;
}

const sources = files(join(root, 'src'), /\.tsx?$/).filter((f) => !/\.test\.tsx?$/.test(f));

function offenders(
  paths: string[],
  rule: RegExp,
  allowed: (path: string) => boolean = () => false,
  keepStrings = false,
): string[] {
  const found: string[] = [];
  for (const path of paths) {
    if (allowed(path)) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        // Judge code only: drop comment lines, trailing comments and string literal contents.
        if (/^\s*(\*|\/\*\*?)/.test(line)) return;
        const withoutStrings = keepStrings
          ? line
          : line.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
        const code = withoutStrings.replace(/\/\/.*$/, '');
        if (rule.test(code)) found.push(`${relative(root, path)}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('house rules', () => {
  it('has no `any` in src/', () => {
    expect(offenders(sources, /(:\s*any\b|\bas any\b|<any>|any\[\])/)).toEqual([]);
  });

  it('reads the wall clock only in clock.ts and the node adapters', () => {
    const allowed = (path: string) => /core[\\/]clock\.ts$|adapters[\\/]/.test(path);
    expect(offenders(sources, /\bDate\.now\(|new Date\(\)/, allowed)).toEqual([]);
  });

  it('draws randomness only in random.ts', () => {
    expect(offenders(sources, /Math\.random\(/, (path) => /core[\\/]random\.ts$/.test(path))).toEqual([]);
  });

  it('has no focused tests', () => {
    const tests = ['src', 'cli', 'conformance', 'test']
      .flatMap((dir) => files(join(root, dir), /\.test\.tsx?$/))
      .filter((path) => !path.endsWith('hygiene.test.ts'));
    expect(offenders(tests, /\b(it|test|describe)\.only\(/)).toEqual([]);
  });

  it('keeps the conformance kit independent of the implementation', () => {
    const kit = files(join(root, 'conformance'), /\.tsx?$/);
    // The kit's own small model (conformance/**/model.ts) is fine; the simulator's is not.
    const imports = /from\s+['"][^'"]*src\/(core|store|control|adapters)\/|from\s+['"][^'"]*src\/[^'"]*\/model(\.js)?['"]|from\s+['"][^'"]*src\/(simulator|index)(\.js)?['"]/;
    const nonTest = kit.filter((path) => !/\.test\.tsx?$/.test(path));
    expect(offenders(nonTest, imports, undefined, true)).toEqual([]);
    // The rule itself must bite: an import of the simulator's model is caught.
    expect(imports.test("import { x } from '../../src/resources/contacts/model.js';")).toBe(true);
    expect(imports.test("import { x } from './model.js';")).toBe(false);
  });
});
