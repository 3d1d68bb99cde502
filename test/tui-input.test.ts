/**
 * Input as a terminal really delivers it (audit 17tui): a pty, the built bin, and chunks written
 * in one write, as a paste or a terminal that batches reads hands them over. A chunk of hundreds
 * of keys must not crash the app (T1), and a pasted newline must never submit a field or reach
 * the screen's one-letter keys (T2).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { KEY, PtySession } from './support/pty.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const dir = mkdtempSync(join(tmpdir(), 'switchboard-tui-input-'));
const open: PtySession[] = [];

function start(name: string): PtySession {
  const env = { XDG_CONFIG_HOME: join(dir, name, 'config'), XDG_STATE_HOME: join(dir, name, 'state'), NO_COLOR: '1' };
  const pty = new PtySession({ args: ['tui', '--target', 'sandbox'], env, cwd: dir });
  open.push(pty);
  return pty;
}

afterEach(async () => {
  for (const pty of open.splice(0)) await pty.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('a large chunk of keys (T1)', () => {
  it('handles 500 keys read in one chunk, without React\'s update-depth error', async () => {
    const pty = start('chunk');
    await pty.waitFor('connected to sandbox');
    await pty.keys('2');
    await pty.waitFor('Account and API keys');
    // One write: the terminal hands it over as one chunk, split into 500 key presses.
    await pty.keys('j'.repeat(500));
    await settle(1_500);
    await pty.keys('3');
    const screen = await pty.waitFor('s send · m method');
    expect(screen).not.toContain('React error');
    await pty.keys('q');
    expect(await pty.wait()).toBe(0);
  });

  it('lands a long pasted palette command in the palette', async () => {
    const pty = start('palette');
    await pty.waitFor('connected to sandbox');
    // The colon too, in the same chunk: from the console, one key per character, then typed text.
    await pty.keys(`:get /tags?limit=5&${'x'.repeat(200)}=1`);
    await settle(1_000);
    await pty.keys(KEY.enter);
    const screen = await pty.waitFor((text) => text.includes('── 200 OK') && text.includes('GET /tags?limit=5&xxx'));
    expect(screen).not.toContain('React error');
  });
});

describe('a pasted newline (T2)', () => {
  it('is a space in a single-line form field: no submit, no screen keys (q would quit)', async () => {
    const pty = start('paste-form');
    await pty.waitFor('connected to sandbox');
    await pty.keys('8');
    await pty.waitFor('Customer writes in');
    await pty.keys('j', 'j', 'j', 'j', 'j', 'j', KEY.enter);
    await pty.waitFor('platform_user_id');
    await pty.keys(KEY.tab, KEY.tab, KEY.ctrlU);
    await pty.keys('Hello\nfor the order, quick question');
    const screen = await pty.waitFor('Hello for the order, quick question');
    expect(screen).not.toContain('→ 200');
    await settle(500);
    expect(await pty.screen()).toContain('Hello for the order, quick question');
    await pty.keys(KEY.enter);
    await pty.waitFor('Customer writes in (inbound message) → 200');
  });

  it('is a space in the palette: the command is not run until enter, and the rest is not screen keys', async () => {
    const pty = start('paste-palette');
    await pty.waitFor('connected to sandbox');
    await pty.keys(':');
    await pty.keys('get /tags\n2');
    await settle(800);
    const screen = await pty.screen();
    expect(screen).toContain(':get /tags 2');
    expect(screen).not.toContain('GET /tags →');
    expect(screen).not.toContain('Account and API keys');
  });

  it('with bracketed paste, a pasted return is text too', async () => {
    const pty = start('paste-bracketed');
    await pty.waitFor('connected to sandbox');
    await pty.keys(':');
    await pty.keys('\u001B[200~get /tags\r2\u001B[201~');
    await settle(800);
    const screen = await pty.screen();
    expect(screen).toContain(':get /tags 2');
    expect(screen).not.toContain('GET /tags →');
  });

  it('with bracketed paste on a list, never runs as keys (q would quit); a pasted :command opens the palette', async () => {
    const pty = start('paste-keys');
    await pty.waitFor('connected to sandbox');
    await pty.keys('\u001B[200~quick 2\u001B[201~');
    await pty.waitFor('a paste goes into a field or the palette');
    await pty.keys('\u001B[200~:get /tags\n\u001B[201~');
    await settle(800);
    const screen = await pty.screen();
    expect(screen).toContain(':get /tags');
    expect(screen).not.toContain('GET /tags →');
    await pty.keys(KEY.enter);
    await pty.waitFor('GET /tags → 200');
  });
});
