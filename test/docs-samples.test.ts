/**
 * Samples in docs/ that a user copies whole run as written (audit 12j M15, M17, M18): the README's
 * messaging test sample, the annotated scenario in docs/scenarios.md, and the two in-process
 * webhook samples in docs/webhooks.md. TypeScript samples are written to a module beside this file,
 * so their bare `switchboard` imports resolve through the package's exports as a consumer's would
 * (run `npm run build` first).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { runScenario } from 'switchboard/scenarios';

const root = join(import.meta.dirname, '..');
const read = (file: string): string => readFileSync(join(root, file), 'utf8');

/** The first fenced block of `lang` after `marker` in `text`. */
function blockAfter(text: string, marker: string, lang: string): string {
  const at = text.indexOf(marker);
  expect(at, `"${marker}" in the doc`).toBeGreaterThanOrEqual(0);
  const code = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(text.slice(at))?.[1];
  expect(code, `a ${lang} block after "${marker}"`).toBeDefined();
  return code!;
}

/** Runs a TypeScript sample as a module and returns what it printed with console.log. */
async function runModule(name: string, code: string): Promise<string[]> {
  const file = join(import.meta.dirname, `.docs-sample-${name}-${process.pid}.ts`);
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(format(...args)));
  try {
    writeFileSync(file, code);
    await import(pathToFileURL(file).href);
  } finally {
    log.mockRestore();
    rmSync(file, { force: true });
  }
  return printed;
}

describe('docs/scenarios.md annotated format sample', () => {
  it('runs green as written on the default seed', { timeout: 30_000 }, async () => {
    const yaml = blockAfter(read('docs/scenarios.md'), '## The format', 'yaml');
    const file = join(tmpdir(), `docs-scenario-sample-${process.pid}.yaml`);
    writeFileSync(file, yaml);
    try {
      const result = await runScenario(file);
      expect(result.failed, JSON.stringify(result.steps.filter((step) => step.status === 'failed').map((step) => step.name))).toBe(0);
      expect(result.passed).toBeGreaterThanOrEqual(6);
    } finally {
      rmSync(file, { force: true });
    }
  });
});

describe('docs/webhooks.md in-process samples', () => {
  it('the MSW sample delivers once to the handler', { timeout: 30_000 }, async () => {
    const code = blockAfter(read('docs/webhooks.md'), 'let fetch hand it over', 'ts');
    expect(await runModule('webhooks-msw', code)).toEqual(['1']);
  });

  it('the retry sample logs the failed attempt and the retry', { timeout: 30_000 }, async () => {
    const code = blockAfter(read('docs/webhooks.md'), 'In-process (vitest):', 'ts');
    expect(await runModule('webhooks-retry', code)).toEqual(['delivered [ 500, 200 ]']);
  });
});

describe('README messaging test-suite sample', () => {
  it('runs as written (its import included)', { timeout: 30_000 }, async () => {
    const readme = read('README.md');
    const code = blockAfter(readme.slice(readme.indexOf('sms","platform_user_id":"+15550100001","text":"STOP"')), 'In a test suite:', 'ts');
    await expect(runModule('readme-messaging', code)).resolves.toEqual([]);
  });
});
