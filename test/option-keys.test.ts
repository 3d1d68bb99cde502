/**
 * A misspelt option is an error naming it and the closest valid key, in every public function a
 * JavaScript caller passes an options object to (audit 10d, F3/F5), instead of being ignored:
 * `rateLimt` left the rate limit on, `checks` for `only` ran the whole kit for 12 minutes.
 * The calls go through the package's exports, as a consumer's do; the casts stand for JavaScript.
 */
import { describe, expect, it } from 'vitest';
import { createSimulator } from 'switchboard';
import { createHandlers } from 'switchboard/msw';
import { listen } from 'switchboard/node';
import { runConformance } from 'switchboard/conformance';
import { runScenario, runScenarios } from 'switchboard/scenarios';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
/** What a JavaScript caller can pass: anything (the tests' own stand-in for an untyped call). */
type Loose = never;

describe('createSimulator', () => {
  it('refuses an unknown key, naming it and the closest valid one', () => {
    expect(() => createSimulator({ rateLimt: 'off' } as Loose)).toThrowError(/^createSimulator: unknown option "rateLimt"; did you mean "rateLimit"\?/);
    expect(() => createSimulator({ rateLimt: 'off' } as Loose)).toThrowError(TypeError);
  });

  it('refuses an unknown key inside clock', () => {
    expect(() => createSimulator({ clock: { frozen: '2030-01-01T00:00:00Z' } } as Loose)).toThrowError(/^createSimulator clock: unknown option "frozen"; did you mean "frozenAt"\?/);
  });

  it('says to read the file when seed is a path', () => {
    expect(() => createSimulator({ seed: 'fixtures/my-seed.json' } as Loose)).toThrowError(/seed must be the parsed seed object, not a path \("fixtures\/my-seed\.json"\): pass JSON\.parse\(readFileSync\(file/);
  });

  it('accepts every documented key, undefined values included', () => {
    const sim = createSimulator({ logger: silent, rateLimit: 'off', clock: { frozenAt: '2030-01-01T00:00:00Z' }, apiKey: undefined, maxBodyBytes: 2048 });
    expect(sim.sandbox.clock.now()).toBe('2030-01-01T00:00:00+00:00');
    sim.close();
  });
});

describe('listen', () => {
  it('refuses an unknown key before it binds anything', async () => {
    const sim = createSimulator({ logger: silent });
    await expect(listen(sim, { port: 0, hots: '0.0.0.0' } as Loose)).rejects.toThrowError(/^listen: unknown option "hots"; did you mean "host"\?/);
    await expect(listen(sim, { port: 0, connections: { maxConnection: 5 } } as Loose)).rejects.toThrowError(/^listen connections: unknown option "maxConnection"; did you mean "maxConnections"\?/);
    sim.close();
  });
});

describe('createHandlers', () => {
  const sim = createSimulator({ logger: silent });

  it('names baseUrl when it is missing, relative or misspelt', () => {
    expect(() => createHandlers(sim, {} as Loose)).toThrowError(/^createHandlers: options\.baseUrl is required: the absolute URL the API lives at, ending in \/api\/v1 \(e\.g\. https:\/\/api\.example\.test\/api\/v1\)/);
    expect(() => createHandlers(sim, undefined as Loose)).toThrowError(/options\.baseUrl is required/);
    expect(() => createHandlers(sim, { baseUrl: '/api/v1' })).toThrowError(/^createHandlers: baseUrl must be an absolute URL ending in \/api\/v1 .*got "\/api\/v1"/);
    expect(() => createHandlers(sim, { baseUrl: 'https://api.example.test' })).toThrowError(/baseUrl must end in \/api\/v1 .*got "https:\/\/api\.example\.test"/);
    expect(() => createHandlers(sim, { baseURL: 'https://api.example.test/api/v1' } as Loose)).toThrowError(/unknown option "baseURL"; did you mean "baseUrl"\?/);
    expect(createHandlers(sim, { baseUrl: 'https://api.example.test/api/v1/' })).toHaveLength(1);
  });
});

describe('runConformance', () => {
  it('refuses `checks` (the option is `only`) before any request', async () => {
    let requests = 0;
    const run = runConformance({
      baseUrl: 'http://simulator.test/api/v1',
      apiKey: 'sbx_unused',
      ledgerDir: false,
      fetch: async () => {
        requests++;
        return new Response('{}');
      },
      checks: ['tags.creat'],
    } as Loose);
    await expect(run).rejects.toThrowError(/^runConformance: unknown option "checks"; did you mean "only"\?/);
    expect(requests).toBe(0);
  });
});

describe('runScenario', () => {
  it('refuses an unknown key', async () => {
    const scenario = { scenario: { name: 'x', steps: [] } } as Loose;
    await expect(runScenario(scenario, { keys: { admin: 'sbx' } } as Loose)).rejects.toThrowError(/^runScenario: unknown option "keys"; did you mean "credentials"\?/);
    await expect(runScenarios([], { dryrun: true } as Loose)).rejects.toThrowError(/^runScenarios: unknown option "dryrun"; did you mean "dryRun"\?/);
  });
});
