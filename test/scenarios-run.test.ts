/**
 * Replay: targets that are down, answer HTML or hang fail within a bounded time with one readable
 * sentence; sandbox steps against a deployment are skipped (or refused with requires: sandbox);
 * the runner steps, stops at breakpoints and restarts; reporters; the CLI's exit codes and last
 * line; `await` through a local webhook receiver; exports to curl and Hurl.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../src/adapters/node-http.js';
import { exportCurl } from '../src/scenarios/export/curl.js';
import { exportHurl } from '../src/scenarios/export/hurl.js';
import { parseScenarioText } from '../src/scenarios/load.js';
import { formatJunit } from '../src/scenarios/report/junit.js';
import { createRunner, runScenario, runScenarios } from '../src/scenarios/run.js';
import { formatScenario } from '../src/scenarios/report/console.js';
import { createSimulator } from '../src/simulator.js';
import { runCli } from './support/serve-process.js';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const dir = mkdtempSync(join(tmpdir(), 'switchboard-scenario-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const scenario = (text: string) => ({ file: 'inline.yaml', scenario: parseScenarioText(text, 'inline.yaml') });

const TWO_STEPS = scenario(`scenario: read then a sandbox step
steps:
  - name: read the account
    request: { path: /account }
    expect: { status: 200, body: { data: { account: { id: 1 } } } }
  - name: advance the clock
    sandbox: { method: POST, path: /clock/advance, body: { duration: 1h } }
  - name: tags
    request: { path: /tags, key: read }
`);

function serveWith(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, server })));
}

describe('targets that fail', () => {
  it('a target that is down: one readable failure, no later step sent', async () => {
    const { server, url } = await serveWith(() => undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const result = await runScenario(TWO_STEPS, { target: url, apiKey: 'k', timeoutMs: 2_000 });
    expect(result.failed).toBe(1);
    expect(result.error).toMatch(/^http:\/\/127\.0\.0\.1:\d+ refused the connection \(is it running\?\)$/);
    expect(result.steps).toHaveLength(0);
  });

  it('a target that answers HTML: the step fails naming the content type, the run goes on', async () => {
    const { server, url } = await serveWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Login</body></html>');
    });
    try {
      const result = await runScenario(TWO_STEPS, { target: url, apiKey: 'k' });
      expect(result.targetKind).toBe('remote');
      const [first, second, third] = result.steps;
      expect(first!.status).toBe('failed');
      expect(first!.mismatches[0]!.message).toMatch(/^expected a JSON body, got text\/html: "<!doctype html>/);
      expect(second).toMatchObject({ status: 'skipped', note: expect.stringMatching(/sandbox step skipped: .* is not a sandbox/) });
      expect(third!.status).toBe('passed');
      expect(formatScenario(result)).toContain('$                            expected "a JSON body"');
    } finally {
      server.close();
    }
  });

  it('a target that hangs: bounded by the timeout', async () => {
    const { server, url } = await serveWith((req) => {
      if (req.url?.includes('openapi')) req.socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n');
      // everything else: never answered
    });
    try {
      const started = performance.now();
      const result = await runScenario(TWO_STEPS, { target: url, apiKey: 'k', timeoutMs: 300 });
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(result.steps[0]).toMatchObject({ status: 'failed', note: expect.stringMatching(/did not answer within 0\.3 s$/) });
      expect(result.steps).toHaveLength(1);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('requires: sandbox against a deployment fails the scenario before sending anything', async () => {
    const { server, url } = await serveWith((_req, res) => res.writeHead(404).end());
    try {
      const result = await runScenario('fixtures/scenarios/opt-out-refuses-send.yaml', { target: url, apiKey: 'k' });
      expect(result.error).toMatch(/needs a sandbox \(requires: sandbox\)/);
      expect(result.failed).toBe(1);
    } finally {
      server.close();
    }
  });

  it('a capture that finds nothing fails its step, and the later use is unbound', async () => {
    const result = await runScenario(
      scenario(`scenario: capture
steps:
  - name: account
    request: { path: /account }
    capture: { thing: $.data.nothing_here }
  - name: use it
    request: { path: "/contacts/{{thing}}" }
`),
    );
    expect(result.steps[0]).toMatchObject({ status: 'failed', note: 'capture found nothing: thing ($.data.nothing_here)' });
    expect(result.steps[1]!.note).toMatch(/\{\{thing\}\} is not bound/);
  });
});

describe('the runner', () => {
  it('a missing credential names the CLI option and the runScenario option', async () => {
    let requests = 0;
    const { server, url } = await serveWith((_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    try {
      const result = await runScenario(scenario(`scenario: unnamed key
steps:
  - name: read
    request: { path: /account, key: marketing }
`), { target: url, targetKind: 'remote' });
      expect(result.failed).toBe(1);
      expect(JSON.stringify(result)).toContain("pass --key marketing=<key> (or --api-key for the default); from code, runScenario(..., { credentials: { marketing: '<key>' } }) (or apiKey)");
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('steps one at a time, stops at breakpoints, runs to a step, restarts on a fresh sandbox', async () => {
    const runner = createRunner('fixtures/scenarios/opt-out-refuses-send.yaml');
    try {
      const first = await runner.step();
      expect(first).toMatchObject({ number: 1, status: 'passed', kind: 'sandbox' });
      expect(runner.position).toBe(1);
      expect(runner.vars.get('conversation_id')).toEqual(expect.any(Number));
      runner.breakpoints.add(4);
      const partial = await runner.run();
      expect(partial.steps.map((step) => step.number)).toEqual([1, 2, 3]);
      await runner.runTo(5);
      expect(runner.done).toBe(true);
      const whole = runner.result();
      expect(whole.failed).toBe(0);
      expect(whole.steps[4]!).toMatchObject({ actual: { status: 410 }, expected: { status: 410 } });
      const sim = runner.currentTarget!.simulator!;
      await runner.restart();
      expect(runner.position).toBe(0);
      await runner.step();
      expect(runner.currentTarget!.simulator).not.toBe(sim);
    } finally {
      await runner.close();
    }
  });

  it('--from, --to, --bail and --dry-run', async () => {
    const ranged = await runScenario('fixtures/scenarios/idempotent-retry.yaml', { from: 1, to: 2 });
    expect(ranged.steps.map((step) => step.status)).toEqual(['passed', 'passed', 'skipped', 'skipped', 'skipped']);
    const dry = await runScenario('fixtures/scenarios/idempotent-retry.yaml', { dryRun: true, target: 'http://127.0.0.1:9/api/v1' });
    expect(dry.steps.every((step) => step.status === 'skipped')).toBe(true);
    expect(dry.steps[3]!.request).toMatchObject({ method: 'GET', url: '/contacts/{{contact_id}}', headers: { 'X-Service-Api-Key': '<key:read>' } });
    const bail = await runScenario(scenario(`scenario: bail
steps:
  - name: wrong
    request: { path: /account }
    expect: { status: 201 }
  - name: never
    request: { path: /account }
`), { bail: true });
    expect(bail.steps).toHaveLength(1);
    expect(bail.steps[0]!.mismatches[0]).toMatchObject({ path: 'status', expected: 201, actual: 200, rule: 'equals' });
  });
});

describe('await through a local webhook receiver', () => {
  it('an endpoint pointed at {{$receiver_url}} delivers conversation.resolved', async () => {
    const sim = createSimulator({ rateLimit: 'off', allowLocalWebhooks: true, logger: silent });
    const server = await listen(sim, { port: 0 });
    try {
      const result = await runScenario(
        scenario(`scenario: webhook
steps:
  - name: endpoint
    request:
      method: POST
      path: /webhooks/endpoints
      key: admin
      body: { name: local, url: "{{$receiver_url}}", events: [conversation.resolved], governance: { attested: true, purpose: "scenario test receiver" } }
    expect: { status: 201 }
    capture: { endpoint_id: $.data.id }
  - name: enable
    request: { method: PATCH, path: "/webhooks/endpoints/{{endpoint_id}}", key: admin, body: { enabled: true } }
  - name: inbound
    sandbox: { method: POST, path: /inbound, body: { channel: sms, platform_user_id: "+15550106666", text: hi } }
    capture: { conversation_id: $.data.conversation.id }
  - name: resolve
    request: { method: PATCH, path: "/conversations/{{conversation_id}}", key: write, body: { status: resolved } }
  - name: the webhook arrives
    await: { event: conversation.resolved, timeout: 5s }
    expect: { body: { data: { conversation: { id: "{{conversation_id}}" } } } }
`),
        { target: server.baseUrl, events: 'webhooks' },
      );
      expect(result.failed, formatScenario(result)).toBe(0);
      expect(result.steps[4]!.request!.url).toMatch(/^webhooks to http:\/\/127\.0\.0\.1:\d+\/: conversation\.resolved$/);
    } finally {
      await server.close();
      sim.close();
    }
  });
});

describe('reporters and the CLI', () => {
  let bad: string;
  let failing: string;
  beforeAll(() => {
    bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'scenario: x\nsteps:\n  - name: a\n    request: { path: account }\n');
    failing = join(dir, 'failing.yaml');
    writeFileSync(failing, 'scenario: wrong status\nsteps:\n  - name: account\n    request: { path: /account }\n    expect: { status: 204, body: { data: { account: { plan: free } } } }\n');
  });

  it('junit: one testsuite per file, one testcase per step, failures carry the diff', async () => {
    const report = await runScenarios([{ file: failing, scenario: parseScenarioText(readFileSync(failing, 'utf8'), failing) }]);
    const xml = formatJunit(report);
    expect(xml).toContain('<testsuite name="wrong status"');
    expect(xml).toMatch(/<failure message="[^"]*">.*\$\.data\.account\.plan\s+expected &quot;free&quot;/s);
  });

  it('run: exit 0 and the last line on green, 1 on a failure, 2 naming file:line:path on a malformed file', async () => {
    const green = await runCli(['scenario', 'run', 'fixtures/scenarios/idempotent-retry.yaml', 'fixtures/scenarios/webhook-after-status-change.yaml']);
    expect(green.code, green.stderr).toBe(0);
    expect(green.stdout.trim().split('\n').pop()).toBe('9 passed, 0 failed');

    const red = await runCli(['scenario', 'run', failing, '--reporter', 'junit', '--output', join(dir, 'junit.xml')]);
    expect(red.code).toBe(1);
    expect(red.stdout.trim().split('\n').pop()).toBe('0 passed, 1 failed');
    expect(red.stdout).toMatch(/status\s+expected 204\s+actual 200\s+\(equals\)/);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('<testsuites');

    const malformed = await runCli(['scenario', 'run', bad]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr.trim()).toBe(`${bad}:4:16: $.steps[0].request.path: must start with /`);
    expect(malformed.stderr).not.toMatch(/\n\s+at /);

    const json = await runCli(['scenario', 'run', 'fixtures/scenarios/idempotent-retry.yaml', '--reporter', 'json']);
    const parsed = JSON.parse(json.stdout) as { totals: { passed: number } };
    expect(parsed.totals.passed).toBe(5);
  });

  // audit 10a: the server's error was only visible with --reporter json; long names ran into the request.
  it('console: under a status mismatch, the server\'s error code, param and message; a long step name is cut with an ellipsis', async () => {
    const longName = 'the network drops the answer and the client retries the very same request with the same key';
    const report = await runScenarios([scenario(`scenario: an endpoint the server refuses
steps:
  - name: ${longName}
    request: { method: POST, path: /webhooks/endpoints, body: { name: hook, url: "https://hooks.example.test/hook", events: ["contact.nope"] } }
    expect: { status: 201 }
`)]);
    const text = formatScenario(report.scenarios[0]!);
    expect(text).toMatch(/\n {8}error invalid_param \(events(\.0|\[0\])?\): .+/);
    const head = text.split('\n')[1]!;
    expect(head).toContain('…');
    expect(head).not.toContain(longName);
    expect(head.indexOf('POST /api/v1/webhooks/endpoints')).toBe(53);
  });

  it('check, schema, export, and --dry-run print without sending', async () => {
    const check = await runCli(['scenario', 'check', 'fixtures/scenarios/opt-out-refuses-send.yaml', bad]);
    expect(check.code).toBe(2);
    expect(check.stdout).toContain('opt-out-refuses-send.yaml: valid, 5 step(s)');
    const schema = await runCli(['scenario', 'schema']);
    expect((JSON.parse(schema.stdout) as { title: string }).title).toBe('Switchboard scenario');
    const dry = await runCli(['scenario', 'run', 'fixtures/scenarios/idempotent-retry.yaml', '--target', 'http://127.0.0.1:9/api/v1', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('> X-Service-Api-Key: <key:write>');
    expect(dry.stdout).toContain('dry run: nothing was sent');
    const hurl = await runCli(['scenario', 'export', 'fixtures/scenarios/idempotent-retry.yaml', '--as', 'hurl']);
    expect(hurl.code).toBe(0);
    expect(hurl.stdout).toContain('POST {{base_url}}/contacts');
  });
});

describe('exports', () => {
  const parsed = parseScenarioText(readFileSync('fixtures/scenarios/idempotent-retry.yaml', 'utf8'), 'idempotent-retry.yaml');

  it('curl: keys from the environment, captures through jq, one curl per request step', () => {
    const script = exportCurl(parsed);
    expect(script.startsWith('#!/bin/sh\n')).toBe(true);
    expect(script).toContain('KEY_WRITE="${KEY_WRITE:?set KEY_WRITE to the API key for this credential}"');
    expect(script).toContain('-H "X-Service-Api-Key: $KEY_WRITE"');
    expect(script).toContain(`contact_id_json=$(printf "%s" "$body" | jq -c '.data.id')`);
    expect(script).toContain('"$BASE_URL/contacts/${contact_id}"');
    expect(script).toContain('-H "Idempotency-Key: create-contact-${sb_run}"');
    expect(script.match(/^response=\$\(curl /gm)).toHaveLength(5);
    expect(script).not.toMatch(/sbx_/);
  });

  it('hurl: captures, asserts by rule, typed templates in JSON bodies', () => {
    const hurl = exportHurl(parsed);
    expect(hurl).toContain('X-Service-Api-Key: {{key_write}}');
    expect(hurl).toContain('Idempotency-Key: create-contact-{{run}}');
    expect(hurl).toContain('[Captures]\ncontact_id: jsonpath "$.data.id"');
    expect(hurl).toContain('HTTP 422');
    expect(hurl).toContain('jsonpath "$.error.code" == "idempotency_key_reused"');
    expect(hurl).toContain('jsonpath "$.data.id" == {{contact_id}}');
    expect(hurl).toContain('jsonpath "$.data.created_at" isIsoDate');
    expect(hurl).toContain('header "Idempotent-Replayed" == "true"');
  });
});
