/**
 * The TUI app under ink-testing-library: key presses in, rendered frames out, at 80×24 by default,
 * with an in-process sandbox on a simulator of the test's own (so the test can act on it).
 * `unmountAll` after each test.
 */
import { render } from 'ink-testing-library';
import { createSimulator, type Simulator } from '../../src/simulator.js';
import { silentLogger } from '../../src/core/logger.js';
import { App, type AppProps } from '../../cli/tui/app.js';
import { connectSandbox } from '../../cli/tui/target/connection.js';
import type { Session } from '../../cli/tui/session.js';

type Rendered = ReturnType<typeof render>;
const mounted: Rendered[] = [];

export function unmountAll(): void {
  for (const app of mounted.splice(0)) app.unmount();
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface TuiHarness {
  readonly sim: Simulator;
  readonly app: Rendered;
  frame(): string;
  waitFor(test: string | RegExp, timeoutMs?: number): Promise<string>;
  press(...keys: string[]): Promise<void>;
  type(text: string): Promise<void>;
  session(): Session | undefined;
}

export function startTuiApp(props: Partial<AppProps> = {}, sim: Simulator = createSimulator({ logger: silentLogger })): TuiHarness {
  let opened: Session | undefined;
  const app = render(
    <App paths={props.paths} size={{ columns: 80, rows: 24 }} makeSandbox={() => connectSandbox({ simulator: sim })} writeRaw={() => undefined} tailPollMs={50} onSession={(session) => (opened = session)} {...props} />,
  );
  mounted.push(app);
  const frame = (): string => app.lastFrame() ?? '';
  const waitFor = async (test: string | RegExp, timeoutMs = 20_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const text = frame();
      if (typeof test === 'string' ? text.includes(test) : test.test(text)) return text;
      await sleep(20);
    }
    throw new Error(`never showed ${String(test)}:\n${frame()}`);
  };
  const press = async (...keys: string[]): Promise<void> => {
    for (const key of keys) {
      app.stdin.write(key);
      await sleep(15);
    }
  };
  const type = async (text: string): Promise<void> => {
    for (const char of text) await press(char);
  };
  return { sim, app, frame, waitFor, press, type, session: () => opened };
}
