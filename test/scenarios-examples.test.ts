/**
 * Every scenario in fixtures/scenarios runs green against the default seed, and the published
 * JSON Schema is the one the zod schema generates (and accepts every example). Also the README's
 * library example: a scenario as a test in a user's suite, with the MSW runtime.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { setupServer } from 'msw/node';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator } from 'switchboard';
import { createHandlers } from 'switchboard/msw';
import { runScenario, scenarioJsonSchema, formatScenario } from 'switchboard/scenarios';

const dir = join(import.meta.dirname, '..', 'fixtures', 'scenarios');
const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));

describe('fixtures/scenarios', () => {
  it('has the examples the issue names', () => {
    expect(files).toEqual(expect.arrayContaining(['opt-out-refuses-send.yaml', 'idempotent-retry.yaml', 'webhook-after-status-change.yaml']));
  });

  for (const name of files) {
    it(`${name} runs green on a fresh sandbox`, async () => {
      const result = await runScenario(join(dir, name));
      expect(result.failed, formatScenario(result)).toBe(0);
      expect(result.skipped).toBe(0);
    });
  }

  it('docs/scenario.schema.json is generated from the zod schema and accepts every example', () => {
    const published = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'docs', 'scenario.schema.json'), 'utf8')) as object;
    expect(published).toEqual(scenarioJsonSchema());
    const validate = new Ajv2020({ strict: false }).compile(published);
    for (const name of files) expect(validate(parse(readFileSync(join(dir, name), 'utf8'))), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });
});

describe('README: a scenario as a test with the MSW runtime', () => {
  const baseUrl = 'https://api.example.test/api/v1';
  const sim = createSimulator({ rateLimit: 'off', logger: { info: () => {}, warn: () => {}, error: () => {} } });
  const server = setupServer(...createHandlers(sim, { baseUrl }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('replays idempotent-retry.yaml through fetch, intercepted by MSW', async () => {
    const result = await runScenario('fixtures/scenarios/idempotent-retry.yaml', {
      target: baseUrl,
      credentials: { write: sim.accounts[0]!.keys.write!, read: sim.accounts[0]!.keys.read! },
    });
    expect(result.failed, formatScenario(result)).toBe(0);
    expect(result.targetKind).toBe('sandbox');
  });
});
