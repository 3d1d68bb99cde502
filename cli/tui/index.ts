/**
 * Starts the terminal UI: refuses a terminal that is not interactive with one sentence, then
 * renders the app on the alternate screen (the shell's scrollback is left as it was). Frames are
 * written inside synchronized-output brackets (DEC 2026, ink does it on a TTY), so a terminal that
 * supports them shows each frame whole: no flicker while the tail scrolls. ink 6.8's incremental
 * mode is off: on a frame one row shorter than the terminal it moves the cursor one row short and
 * shifts every changed line down (docs/decisions.md).
 */
import { loadTargets } from './target/config.js';
import { tuiPaths, type TuiPaths } from './target/paths.js';
import { noColorRequested } from './theme.js';
import type { ConnectRequest } from './ui.js';
import type { ScreenId } from './state/app.js';

export interface TuiOptions {
  readonly target?: string;
  readonly apiKey?: string;
  readonly controlToken?: string;
  readonly scenario?: string;
  readonly screen?: ScreenId;
  /** The tail's local webhook receiver on a deployment (win over a saved target's). */
  readonly receiverPort?: number;
  readonly webhookSecret?: string;
}

export const NOT_A_TTY =
  'switchboard tui needs an interactive terminal (stdin and stdout must be a TTY). In scripts use `switchboard scenario run`, `switchboard conformance` or `switchboard listen` instead.';

// With bracketed paste on (?2004h) the terminal marks a paste, so the app can tell it from keys.
const ENTER_ALT_SCREEN = '\u001B[?1049h\u001B[?2004h\u001B[H';
const LEAVE_ALT_SCREEN = '\u001B[?2004l\u001B[?1049l';

/** What to connect to at start: --target, else the saved default, else nothing (the targets screen). */
export function initialConnect(options: TuiOptions, paths: TuiPaths): ConnectRequest | undefined {
  const target = options.target ?? loadTargets(paths).file.default;
  if (target === undefined) return options.scenario ? { kind: 'builtin' } : undefined;
  if (target === 'sandbox') return { kind: 'builtin' };
  const receiver = { ...(options.receiverPort !== undefined ? { receiverPort: options.receiverPort } : {}), ...(options.webhookSecret ? { webhookSecret: options.webhookSecret } : {}) };
  if (/^https?:\/\//.test(target)) return { kind: 'url', url: target, ...(options.apiKey ? { apiKey: options.apiKey } : {}), ...(options.controlToken ? { controlToken: options.controlToken } : {}), ...receiver };
  return { kind: 'saved', name: target, ...receiver };
}

export async function startTui(options: TuiOptions = {}): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write(`${NOT_A_TTY}\n`);
    return 2;
  }
  // ink renders nothing until exit when it believes it runs in CI (is-in-ci, read when ink is
  // first imported); a TTY on both ends is interactive whatever CI says.
  delete process.env['CI'];
  delete process.env['CONTINUOUS_INTEGRATION'];
  // Raw mode at once: keys typed while ink and the app load are kept for the app instead of
  // being echoed and line-buffered by the terminal (ink turns raw mode on only after its first frame).
  process.stdin.setRawMode(true);
  // React's production build: the development one checks every render and is several times slower.
  process.env['NODE_ENV'] ??= 'production';
  const [{ createElement }, { render }, { App }] = await Promise.all([import('react'), import('ink'), import('./app.js')]);
  const paths = tuiPaths();
  const connect = initialConnect(options, paths);
  process.stdout.write(ENTER_ALT_SCREEN);
  const leave = (): void => {
    process.stdout.write(LEAVE_ALT_SCREEN);
  };
  process.once('exit', leave);
  const instance = render(
    createElement(App, {
      paths,
      noColor: noColorRequested(),
      ...(connect ? { connect } : {}),
      ...(options.scenario ? { scenario: options.scenario } : {}),
      ...(options.screen ? { screen: options.screen } : {}),
      receiver: { ...(options.receiverPort !== undefined ? { receiverPort: options.receiverPort } : {}), ...(options.webhookSecret ? { webhookSecret: options.webhookSecret } : {}) },
    }),
    { exitOnCtrlC: true, incrementalRendering: false, maxFps: 30, patchConsole: true },
  );
  try {
    await instance.waitUntilExit();
  } finally {
    process.off('exit', leave);
    leave();
  }
  return 0;
}
