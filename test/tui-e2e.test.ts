/**
 * The TUI end to end, as a person uses it: the built bin in a real pseudo-terminal at 80×24
 * (script(1) + @xterm/headless, no native module), keys typed, the screen read. Each flow the
 * issue names: pick the sandbox target, send GET /account from the console, step a scenario with
 * a mismatch, watch a tail event arrive after a sandbox inbound message. The screens captured
 * here are docs/tui.md (UPDATE_TUI_DOCS=1 rewrites it; otherwise the test fails when they differ).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KEY, PtySession } from './support/pty.js';
import { captureDoc, normalizeScreen, type Capture } from './support/tui-doc.js';
import { runCli } from './support/serve-process.js';

// A real terminal, a real process: give a busy shared machine room.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const dir = mkdtempSync(join(tmpdir(), 'switchboard-tui-e2e-'));
const env = { XDG_CONFIG_HOME: join(dir, 'config'), XDG_STATE_HOME: join(dir, 'state'), NO_COLOR: '1' };
const scenarioFile = join(dir, 'plan-differs.yaml');
const captures: Capture[] = [];
let pty: PtySession;
const EXPECTED_CAPTURES = 9;

function capture(title: string, text: string, screen: string, countsVary = false): void {
  captures.push({ title, text, screen: normalizeScreen(screen), countsVary });
}

beforeAll(() => {
  // The README's example of a scenario that differs.
  copyFileSync(join(import.meta.dirname, '..', 'fixtures', 'tui', 'plan-differs.yaml'), scenarioFile);
  pty = new PtySession({ args: ['tui'], env, cwd: dir });
});

afterAll(async () => {
  await pty?.close();
  rmSync(dir, { recursive: true, force: true });
  captureDoc(captures, EXPECTED_CAPTURES);
});

describe('switchboard tui in a pseudo-terminal (80×24)', () => {
  it('opens on the targets screen and connects to the in-process sandbox', async () => {
    const screen = await pty.waitFor('Pick a target');
    expect(screen).toContain('sandbox  built in');
    capture('Targets', 'The first screen: the in-process sandbox is there from the start; `a` adds a running sandbox or any deployment.', screen);
    await pty.keys(KEY.enter);
    const connected = await pty.waitFor('connected to sandbox (in process)');
    expect(connected).toMatch(/Switchboard sandbox \(in process\) │ #1 .*business.* │ key full/);
  });

  it('sends GET /account from the console', async () => {
    await pty.keys('s');
    // The answer and the status message may land in separate renders: wait for both.
    const screen = await pty.waitFor((text) => text.includes('── 200 OK') && text.includes('GET /account → 200 OK'));
    expect(screen).toContain('"plan": "business"');
    expect(screen).toMatch(/rate \d+\/200/);
    capture('Console', 'After `s`: status, time, headers (`h`) and the body, folding with `tab` then `enter`.', screen);
  });

  it('keeps what was sent in the history, and shows help for each screen', async () => {
    await pty.keys('4');
    const history = await pty.waitFor('History of sandbox');
    expect(history).toMatch(/GET\s+\/account\s+200/);
    capture('History', 'Every request sent from the TUI to this target, kept between sessions: re-run, diff two, save as a scenario.', history);
    await pty.keys('3', '?');
    const help = await pty.waitFor('Console: Compose a request');
    capture('Help (`?`)', '`?` on any screen: what it is for, its keys, then the keys and commands that work everywhere.', help);
    await pty.keys(KEY.escape);
    await pty.waitFor('── 200 OK');
  });

  it('explores the routes', async () => {
    await pty.keys('2');
    await pty.waitFor('Account and API keys (4)');
    // Tags come in the document's order, which grows as groups land: walk down to the route.
    let screen = await pty.screen();
    for (let step = 0; step < 40 && !screen.includes('(getAccount)'); step++) {
      await pty.keys('j');
      screen = await pty.waitFor(() => true, 2_000);
    }
    screen = await pty.waitFor('(getAccount)');
    expect(screen).toContain('spec 4.1');
    capture('Explore', 'Every route of the target\'s /openapi.json by tag; `enter` opens the selected one in the console.', screen);
  });

  it('steps a scenario and shows where it differs', async () => {
    await pty.keys('5');
    await pty.waitFor('Replay a scenario');
    await pty.keys('o');
    await pty.waitFor('Scenario file:');
    // As the README says it: the suggested file is replaced by what is typed (audit 17docs, D2).
    await pty.type('plan-differs.yaml');
    await pty.keys(KEY.enter);
    await pty.waitFor('The account is on the pro plan');
    await pty.keys('n');
    const screen = await pty.waitFor('$.data.account.plan');
    expect(screen).toMatch(/✗ \$\.data\.account\.plan\s+expected "pro"\s+actual "business"\s+\(equals\)/);
    expect(screen).toContain('✗ 1. read the account');
    capture('Scenarios (replay debugger)', 'A scenario after `n`: the step failed; the mismatch names the path, what was expected, what came and the rule.', screen);
  });

  it('shows a tail event after a sandbox inbound message', async () => {
    await pty.keys('6');
    await pty.waitFor('from sandbox event journal');
    await pty.keys('8');
    await pty.waitFor('Customer writes in');
    const list = await pty.screen();
    await pty.keys('j', 'j', 'j', 'j', 'j', 'j');
    capture('Sandbox', 'The sandbox panel: everyday powers first, then every power of /_sandbox/openapi.json, each as a form.', list);
    await pty.keys(KEY.enter);
    const form = await pty.waitFor('platform_user_id');
    expect(form).toContain('+15550100042');
    await pty.keys(KEY.enter);
    await pty.waitFor('Customer writes in (inbound message) → 200');
    await pty.keys('6');
    const screen = await pty.waitFor('message.received');
    capture('Tail', 'Events as they arrive (here from the sandbox journal); `w` shows webhook deliveries with each attempt.', screen);
  });

  it('runs the conformance kit and fills the clause matrix', async () => {
    await pty.keys('7');
    await pty.waitFor('s starts a run');
    await pty.keys('s');
    // The summary line and the status message arrive in separate renders: capture once both are
    // on screen, or the doc differs by whichever message the capture happened to catch.
    const screen = await pty.waitFor((text) => /done in \d+ s/.test(text) && /conformance: \d+ passed/.test(text), 120_000);
    expect(screen).toMatch(/fail 0 skip \d+ error 0/);
    expect(screen).toMatch(/2\.1\s/);
    capture('Conformance', 'The kit against the in-process sandbox (profile safe): the clause matrix as it filled; `tab` lists failures, `enter` opens one.', screen, true);
  }, 150_000);

  it('quits with q', async () => {
    await pty.keys('q');
    expect(await pty.wait()).toBe(0);
  });
});

describe('switchboard tui --scenario with no target and no saved default', () => {
  it('opens the scenario in the replay debugger on the in-process sandbox', async () => {
    const fresh = { XDG_CONFIG_HOME: join(dir, 'config-scenario'), XDG_STATE_HOME: join(dir, 'state-scenario'), NO_COLOR: '1' };
    const run = new PtySession({ args: ['tui', '--scenario', scenarioFile], env: fresh, cwd: dir });
    try {
      const screen = await run.waitFor('The account is on the pro plan');
      expect(screen).toContain('▶ 1. read the account');
      await run.keys('q');
      expect(await run.wait()).toBe(0);
    } finally {
      await run.close();
    }
  });
});

describe('switchboard alone on a terminal', () => {
  it('opens the TUI', async () => {
    const bare = new PtySession({ args: [], env: { ...env, XDG_STATE_HOME: join(dir, 'state-bare') }, cwd: dir });
    try {
      await bare.waitFor('Pick a target');
      await bare.keys('q');
      expect(await bare.wait()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

describe('switchboard without a terminal', () => {
  it('tui says it needs one and exits 2; the bare bin prints help', async () => {
    const tui = await runCli(['tui']);
    expect(tui.code).toBe(2);
    expect(tui.stderr).toContain('switchboard tui needs an interactive terminal');
    const bare = await runCli([]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toMatch(/tui \[options\]\s+Terminal UI/);
  });
});
