/**
 * HAR import with a browser-shaped HAR (Chrome's export: pages, scripts, images, CORS preflights,
 * HTTP/2 pseudo-headers, cookies, a base64 body, a cancelled request): only the API exchanges
 * become steps, no key or personal value survives, ids are captured, and it replays green.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importHar, runScenario, scenarioToYaml, Scenario } from 'switchboard/scenarios';
import { formatScenario } from '../src/scenarios/report/console.js';

const HAR = 'fixtures/scenarios/har/support-session.har';

describe('importHar', () => {
  const scenario = importHar(HAR);
  const text = scenarioToYaml(scenario);

  it('keeps the API exchanges only, in order, and validates', () => {
    const parsed = Scenario.parse(scenario);
    expect(parsed.steps.map((step) => step.name)).toEqual([
      'GET /account',
      'POST /contacts',
      'GET /contacts/{{contact_id}}',
      'PATCH /contacts/{{contact_id}}',
      'GET /tags',
      'GET /contacts',
      'POST /contacts/{{contact_id}}/tags',
      'DELETE /contacts/{{contact_id}}/tags/vip',
    ]);
    expect(parsed.steps[4]!.expect!.body).toMatchObject({ data: expect.any(Array) }); // the base64 body was decoded
  });

  it('writes no key, cookie or personal value', () => {
    const har = readFileSync(HAR, 'utf8');
    const keys = [...new Set(har.match(/sbx_[a-z]+_[a-z]+_[0-9a-f]{16}/g))];
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(text).not.toContain(key);
    for (const personal of ['marta.gomez@customer.invalid', '+15550107777', '15550107777', 's%3Aabc123.sig']) expect(text).not.toContain(personal);
  });

  it('replays green on a fresh sandbox', async () => {
    const result = await runScenario({ file: HAR, scenario: Scenario.parse(scenario) });
    expect(result.failed, formatScenario(result)).toBe(0);
    expect(result.passed).toBe(8);
  });

  it('a file that is not a HAR is one readable error', () => {
    expect(() => importHar({ log: { entries: [{ request: {} }] } })).toThrow(/^not a HAR file: \$\.log\.entries\.0\.request\.method: /);
  });
});
