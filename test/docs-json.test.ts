/**
 * Every fenced ```json block in README.md and docs/ is true of what it shows (issue 13): an
 * integrator copies these, so each is checked, or marked illustrative with a reason. The JSON
 * bodies the curls send are checked against the documented request bodies too (below).
 *
 * What a block is, the comment on the line before its fence says (none: a response):
 *   (none)                                    the answer to the curl right before it: the file's
 *                                             walkthrough is replayed on a default-seed simulator
 *                                             (bench/docs/walkthroughs.ts), and the block must equal
 *                                             that curl's response body and validate against the
 *                                             operation's documented response schema;
 *   <!-- checked: seed file -->               a whole seed file, loaded by the simulator;
 *   <!-- checked: seed account fields -->     fields of one seed account (a bare `"name": value`
 *                                             fragment reads as an object): they replace those fields
 *                                             of the default seed's first account, together with
 *                                             the file's earlier such blocks, and the seed must load;
 *                                             `, with the next block` defers the load to the next
 *                                             block (flows and the sessions that run in them);
 *   <!-- checked: redaction rules -->         a `seed pull --redact` rules file: parses as the CLI
 *                                             parses it, and every `keep` names a default rule;
 *   <!-- illustrative: <why> -->              not checked; the reason is required.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsFiles, walkthrough, type CurlStep } from '../bench/docs/walkthroughs.js';
import { silentLogger } from '../src/core/logger.js';
import type { SimResponse } from '../src/core/types.js';
import { DEFAULT_REDACTION, RedactionRulesFile } from '../src/pull/redact.js';
import { defaultSeed } from '../src/seed/default.js';
import { createSimulator } from '../src/simulator.js';
import { ResponseChecker } from './support/response-checker.js';

const root = join(import.meta.dirname, '..');

/** A bare `"field": value, ...` fragment reads as the object it is part of. */
const parseBlock = (text: string): unknown => JSON.parse(/^\s*"/.test(text) ? `{${text}}` : text);

function loads(seed: unknown): string | undefined {
  try {
    createSimulator({ seed, logger: silentLogger }).close();
    return undefined;
  } catch (error) {
    return String(error);
  }
}

const files = docsFiles(root).filter((file) => /```json/.test(readFileSync(join(root, file), 'utf8')));

/**
 * The JSON bodies the docs' curls send are what the documents promise to accept: each is
 * validated against its operation's documented request body (the API's document for /api/v1, the
 * control plane's for /_sandbox), as `npm run check:prism` has Prism do, without Prism.
 */
describe('JSON bodies of the curl examples in README.md and docs/', () => {
  const sim = createSimulator({ logger: silentLogger });
  const checkers = [
    { prefix: '/api/v1', checker: new ResponseChecker(sim.openapi(), '/api/v1') },
    { prefix: '/_sandbox', checker: new ResponseChecker(sim.controlOpenapi(), '/_sandbox') },
  ];
  sim.close();

  it('validate against the documented request body of their operation', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const file of docsFiles(root)) {
      for (const step of walkthrough(readFileSync(join(root, file), 'utf8'), { OPERATOR: 'operator-token' })) {
        if (step.kind !== 'curl' || step.body === undefined) continue;
        const path = step.target.split('?')[0]!;
        const target = checkers.find(({ prefix }) => path.startsWith(`${prefix}/`));
        if (target === undefined) continue;
        try {
          target.checker.checkRequestBody(step.method, path, JSON.parse(step.body));
          checked++;
        } catch (error) {
          problems.push(`${file}:${step.line}: ${String(error)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});

describe('fenced JSON blocks in README.md and docs/', () => {
  it('are found (the docs have some to check)', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  for (const file of files) {
    it(`${file}: every JSON block is checked against what it shows, or marked illustrative with a reason`, async () => {
      const sim = createSimulator({ logger: silentLogger, rateLimit: 'off', allowLocalWebhooks: true, webhookTransport: async () => ({ status: 200, body: '' }) });
      const checker = new ResponseChecker(sim.openapi());
      const seed = structuredClone(defaultSeed()) as { accounts: Record<string, unknown>[] };
      const problems: string[] = [];
      const counts = { response: 0, seed: 0, rules: 0, illustrative: 0 };
      let last: { step: CurlStep; response: SimResponse } | undefined;
      let deferred = false;
      for (const item of walkthrough(readFileSync(join(root, file), 'utf8'), { OPERATOR: sim.controlToken })) {
        if (item.kind === 'skipped') last = undefined;
        if (item.kind === 'curl') {
          const response = await sim.handle({ method: item.method, path: item.target, headers: { ...item.headers }, ...(item.body !== undefined ? { body: item.body } : {}) });
          last = { step: item, response };
          continue;
        }
        if (item.kind !== 'json') continue;
        const where = `${file}:${item.line}`;
        const marker = item.marker ?? '';
        if (marker.startsWith('illustrative')) {
          if (!/^illustrative:\s*\S.{10,}/.test(marker)) problems.push(`${where}: an illustrative block says why (<!-- illustrative: ... -->)`);
          counts.illustrative++;
          continue;
        }
        let value: unknown;
        try {
          value = parseBlock(item.text);
        } catch (error) {
          problems.push(`${where}: not JSON (${String(error)})`);
          continue;
        }
        if (marker === '') {
          if (last === undefined) {
            problems.push(`${where}: no curl that runs right before it, and no marker saying what it is`);
            continue;
          }
          counts.response++;
          const { step, response } = last;
          if (JSON.stringify(value) !== JSON.stringify(response.body)) {
            problems.push(`${where}: differs from what ${step.method} ${step.target} answers: ${JSON.stringify(response.body).slice(0, 400)}`);
          }
          try {
            checker.check(step.method, step.target.split('?')[0]!, { ...response, body: value });
          } catch (error) {
            problems.push(`${where}: ${String(error)}`);
          }
        } else if (marker === 'checked: seed file') {
          counts.seed++;
          const failure = loads(value);
          if (failure !== undefined) problems.push(`${where}: ${failure}`);
        } else if (marker === 'checked: seed account fields' || marker === 'checked: seed account fields, with the next block') {
          counts.seed++;
          Object.assign(seed.accounts[0]!, value);
          deferred = marker.endsWith('with the next block');
          if (deferred) continue;
          const failure = loads(seed);
          if (failure !== undefined) problems.push(`${where}: on the default seed's first account: ${failure}`);
        } else if (marker === 'checked: redaction rules') {
          counts.rules++;
          const parsed = RedactionRulesFile.safeParse(value);
          if (!parsed.success) problems.push(`${where}: ${parsed.error.message}`);
          else for (const path of parsed.data.keep) if (!(path in DEFAULT_REDACTION)) problems.push(`${where}: keep ${path} is no default rule`);
        } else {
          problems.push(`${where}: unknown marker <!-- ${marker} -->`);
        }
      }
      if (deferred) problems.push(`${file}: the last seed block defers its check to a next block that does not exist`);
      sim.close();
      console.log(`${file}: JSON blocks checked: ${counts.response} responses, ${counts.seed} seed, ${counts.rules} rules; ${counts.illustrative} illustrative`);
      expect(problems).toEqual([]);
    });
  }
});
