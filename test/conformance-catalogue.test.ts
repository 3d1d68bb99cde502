/**
 * `switchboard conformance --list` prints what the kit checks without a target, and
 * docs/conformance-checks.md is exactly that list in markdown (regenerate: `npm run docs:checks`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCatalogue } from '../conformance/index.js';
import { formatCatalogue } from '../conformance/reporters/catalogue.js';
import { runCli } from './support/serve-process.js';

describe('the check catalogue', () => {
  it('docs/conformance-checks.md is current (npm run docs:checks regenerates it)', () => {
    const doc = readFileSync(new URL('../docs/conformance-checks.md', import.meta.url), 'utf8');
    expect(doc).toBe(formatCatalogue(checkCatalogue(), 'markdown'));
  });

  it('lists every check once, under its clause, in the spec order, with level and profile', () => {
    const catalogue = checkCatalogue();
    const doc = formatCatalogue(catalogue, 'markdown');
    for (const check of catalogue) expect(doc).toContain(`| \`${check.id}\` | ${check.level} | ${check.profile} |`);
    const headings = [...doc.matchAll(/^## (\d+(?:\.\d+)?) /gm)].map((match) => match[1]!);
    expect(new Set(headings).size).toBe(headings.length);
    expect(headings.indexOf('2.9')).toBeLessThan(headings.indexOf('2.10'));
    expect(headings.indexOf('5')).toBeLessThan(headings.indexOf('5.1'));
  });

  it('--list needs no target and narrows like a run: --section, --level, JSON', async () => {
    const text = await runCli(['conformance', '--list', '--section', '4.5', '--level', 'spec']);
    expect(text.code).toBe(0);
    const tagChecks = checkCatalogue().filter((check) => check.clause === '4.5' && check.level === 'spec');
    expect(text.stdout.trimEnd().split('\n').pop()).toBe(`${tagChecks.length} checks (${tagChecks.length} spec, 0 assumption)`);
    for (const check of tagChecks) expect(text.stdout).toContain(check.id);

    const json = await runCli(['conformance', '--list', '--reporter', 'json', '--check', 'tags.bad-color']);
    expect(JSON.parse(json.stdout)).toEqual({
      checks: [{ id: 'tags.bad-color', clause: '4.5', level: 'spec', profile: 'safe', title: expect.stringContaining('color') }],
    });

    const unknown = await runCli(['conformance', '--list', '--check', 'tags.nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown check id "tags.nope"');
  });
});
