/**
 * The README's promises, checked: the key table matches the default seed, and the MSW and
 * in-process examples run as written (imported through the package's own exports map).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator } from 'switchboard';
import { createHandlers } from 'switchboard/msw';
import { DEFAULT_ACCOUNTS, defaultKey } from '../fixtures/default-seed.js';

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe('README key table', () => {
  it('lists every default account with its deterministic key per scope', () => {
    for (const account of DEFAULT_ACCOUNTS) {
      const row = readme.split('\n').find((line) => line.startsWith(`| ${account.id} | ${account.business_name} |`));
      expect(row, `row for account ${account.id}`).toBeDefined();
      const keys = [...row!.matchAll(/`(sbx_[a-z]+_[a-z]+_[0-9a-f]{16})`/g)].map((match) => match[1]);
      expect(keys).toEqual((['full', 'admin', 'write', 'read'] as const).map((scope) => defaultKey(account, scope)));
    }
  });
});

describe('README MSW + vitest example', () => {
  const baseUrl = 'https://api.example.test/api/v1';
  const sim = createSimulator({ rateLimit: 'off', logger: silent });
  const server = setupServer(...createHandlers(sim, { baseUrl }));

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => sim.reset());
  afterAll(() => server.close());

  it('reads the account', async () => {
    const response = await fetch(`${baseUrl}/account`, {
      headers: { 'X-Service-Api-Key': sim.accounts[0]!.keys.read! },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { account: { plan: string } } }).data.account.plan).toBe('business');
  });
});

describe('README in-process example', () => {
  it('mints a key, moves the clock and resets', async () => {
    const sim = createSimulator({ clock: { frozenAt: '2030-01-01T09:00:00Z' }, logger: silent });
    const key = sim.accounts[0]!.keys.full!;
    const created = await sim.request({ method: 'POST', path: '/api-keys', key, body: { name: 'CI', scope: 'read' } });
    expect(created.status).toBe(201);
    expect(created.headers['Request-Id']).toMatch(/^req_/);
    expect((created.body as { data: { api_key: string; created_at: string } }).data).toMatchObject({
      api_key: expect.stringMatching(/^sbx_[0-9A-Za-z]{40}$/),
      created_at: '2030-01-01T09:00:00+00:00',
    });
    sim.sandbox.clock.advance('25h');
    expect(sim.sandbox.clock.now()).toBe('2030-01-02T10:00:00+00:00');
    sim.reset();
    expect(sim.sandbox.clock.now()).toBe('2030-01-01T09:00:00+00:00');
  });
});

describe('README flows walkthrough', () => {
  it('validates, creates and publishes the flow.json it shows, with the answers it shows', async () => {
    const flowJson = /cat > flow\.json <<'JSON'\n([\s\S]*?)\nJSON\n/.exec(readme)?.[1];
    expect(flowJson, 'the flow.json heredoc').toBeDefined();
    const definition = JSON.parse(flowJson!) as unknown;
    const sim = createSimulator({ logger: silent, rateLimit: 'off' });
    const key = defaultKey(DEFAULT_ACCOUNTS[0]!, 'full');
    expect(readme).toContain(`KEY=${key}`);
    const validated = await sim.request({ method: 'POST', path: '/flows/validate', key, body: { definition } });
    expect(validated.body).toEqual({ data: { valid: true, errors: [], warnings: [] } });
    const created = await sim.request({ method: 'POST', path: '/flows', key, body: { name: 'Demo lead capture', definition } });
    expect(created.status).toBe(201);
    expect((created.body as { data: Record<string, unknown> }).data).toMatchObject({ id: 16, status: 'draft', version: 1, published_version: null, warnings: [] });
    const published = await sim.request({ method: 'POST', path: '/flows/16/publish', key, body: {} });
    expect((published.body as { data: Record<string, unknown> }).data).toMatchObject({ status: 'active', published_version: 1, has_draft: false });
    const broken = /-d '(\{"definition":\{"trigger".*?)'\n/.exec(readme)?.[1];
    const refused = await sim.request({ method: 'POST', path: '/flows/validate', key, body: broken });
    expect((refused.body as { data: { errors: { code: string }[] } }).data.errors.map((e) => e.code)).toEqual(['invalid_config', 'unknown_port', 'unreachable']);
  });
});

/**
 * Every curl example in the README and the docs folder runs (issue 13): each file's shell blocks
 * are read in order, as a walkthrough (variables it sets, e.g. `KEY=...`, carry forward; the
 * operator token is the simulator's), and each `curl` against the default server
 * (http://127.0.0.1:4010) goes to one simulator per file on the default seed. An example must
 * reach a documented route (no 404 "No such endpoint", no 405), send JSON that parses, and never
 * meet a 5xx. Examples with placeholders (`...`, `whsec_...`, an unset variable) or multipart
 * uploads are left out and counted.
 */
describe('curl examples in README.md and docs/', () => {
  const root = join(import.meta.dirname, '..');
  const docs = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? docs(join(dir, entry.name)) : entry.name.endsWith('.md') && !dir.includes('spec') ? [join(dir, entry.name)] : [],
    );
  const files = ['README.md', ...docs('docs')];

  /** Shell words of one command line: quotes removed, stopping at a pipe, redirect or comment. */
  function words(line: string): string[] {
    const out: string[] = [];
    let current: string | undefined;
    let last = 0;
    for (const match of line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'"]+)/g)) {
      const gap = line.slice(last, match.index);
      const startsWord = current === undefined || /\s/.test(gap);
      if (startsWord && match[3] !== undefined && /^(\|\|?|&&|>|#)/.test(match[3])) break;
      if (current !== undefined && startsWord) {
        out.push(current);
        current = undefined;
      }
      current = (current ?? '') + (match[1] ?? match[2]?.replace(/\\(.)/g, '$1') ?? match[3] ?? '');
      last = match.index! + match[0].length;
    }
    if (current !== undefined) out.push(current);
    return out;
  }

  function commandsOf(text: string): string[] {
    const blocks = [...text.matchAll(/```(?:sh|bash|shell|console)\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const commands: string[] = [];
    for (const block of blocks) {
      let open = '';
      // A line ends a command unless a backslash continues it or a single-quoted string is still open.
      for (const line of block.replace(/\\\n\s*/g, ' ').split('\n')) {
        open = open === '' ? line : `${open} ${line.trim()}`;
        if ((open.match(/'/g) ?? []).length % 2 === 0) {
          commands.push(open.replace(/^\s*\$\s+/, '').trim());
          open = '';
        }
      }
      if (open !== '') commands.push(open.trim());
    }
    return commands;
  }

  for (const file of files) {
    it(`${file}: every curl example reaches a documented route and parses`, async () => {
      const sim = createSimulator({
        logger: silent,
        rateLimit: 'off',
        allowLocalWebhooks: true,
        webhookTransport: async () => ({ status: 200, body: '' }),
      });
      const vars = new Map<string, string>([['OPERATOR', sim.controlToken]]);
      const problems: string[] = [];
      let ran = 0;
      let skipped = 0;
      for (const command of commandsOf(readFileSync(join(root, file), 'utf8'))) {
        for (const assignment of command.split(/;\s*/)) {
          const set = /^([A-Z_]+)=(\S+)/.exec(assignment);
          if (set && set[1] !== 'OPERATOR' && !set[2]!.includes('...')) vars.set(set[1]!, set[2]!);
        }
        if (!/^curl\s/.test(command)) continue;
        const expanded = command.replace(/\$\{?([A-Z_]+)\}?/g, (whole, name: string) => vars.get(name) ?? whole);
        const argv = words(expanded).slice(1);
        let method: string | undefined;
        let url: string | undefined;
        let body: string | undefined;
        let multipart = false;
        const headers: Record<string, string> = {};
        for (let i = 0; i < argv.length; i++) {
          const arg = argv[i]!;
          if (arg === '-X' || arg === '--request') method = argv[++i];
          else if (arg === '-H' || arg === '--header') {
            const header = argv[++i] ?? '';
            const colon = header.indexOf(':');
            headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
          } else if (['-d', '--data', '--data-raw', '--data-binary'].includes(arg)) body = argv[++i];
          else if (arg === '-F' || arg === '--form') (multipart = true), i++;
          else if (arg === '-o' || arg === '-w' || arg === '--output') i++;
          else if (/^https?:\/\//.test(arg)) url = arg;
        }
        const unresolved =
          body?.startsWith('@') === true || [url ?? '', ...Object.values(headers), body ?? ''].some((text) => /\$[A-Z_{(]|\.\.\.|<[a-z_ ]+>/i.test(text));
        if (!url?.startsWith('http://127.0.0.1:4010/') || unresolved || multipart) {
          skipped++;
          continue;
        }
        ran++;
        const where = `${file}: ${command.slice(0, 140)}`;
        if (body !== undefined) {
          try {
            JSON.parse(body);
          } catch {
            problems.push(`${where}: the -d body is not JSON`);
            continue;
          }
        }
        const target = new URL(url);
        const response = await sim.handle({ method: method ?? (body !== undefined ? 'POST' : 'GET'), path: `${target.pathname}${target.search}`, headers, ...(body !== undefined ? { body } : {}) });
        const error = (response.body as { error?: { code: string; message: string } } | undefined)?.error;
        if (response.status >= 500 || response.status === 405 || error?.code === 'invalid_json' || (response.status === 404 && error?.message === 'No such endpoint.')) {
          problems.push(`${where} -> ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`);
        }
      }
      sim.close();
      console.log(`${file}: ${ran} curl examples ran, ${skipped} with placeholders left out`);
      expect(problems).toEqual([]);
      if (file === 'README.md') expect(ran).toBeGreaterThan(10);
    });
  }
});
