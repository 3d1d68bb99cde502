/**
 * The TUI's root: header (target, account, plan, key scope, rate limit), numbered tabs, the
 * active screen, a status line and key hints, at any terminal size from 80×24 up. One input
 * handler routes keys: the palette or a prompt when open, then the global keys (1-8, :, ?, q)
 * unless the screen is taking text, then the screen, then esc for "back".
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Box, Text, useApp, useInput, useStdout, type Key } from 'ink';
import { Header } from './components/Header.js';
import { pasted, PASTE_END, PASTE_START, PLAIN_KEY, splitChunk, type KeyPress } from './state/keys.js';
import { Tabs } from './components/Tabs.js';
import { TextField } from './components/TextField.js';
import { GLOBAL_KEYS, HELP } from './help.js';
import type { Session } from './session.js';
import { appReducer, COMMAND_HELP, completeCommand, initialApp, parseCommand, SCREENS, SCREEN_TITLES, type ScreenId, type Tone } from './state/app.js';
import { useStore } from './state/store.js';
import { editText, suggestedText, textOf, type TextState } from './state/text.js';
import { columnsOf } from './state/width.js';
import type { Connection, ReceiverOptions } from './target/connection.js';
import { isSandbox } from './target/kind.js';
import type { TuiPaths } from './target/paths.js';
import { themeFor } from './theme.js';
import { KeysContext, UiContext, type ConnectRequest, type KeySlot, type PromptRequest, type Ui } from './ui.js';
import { Targets } from './screens/Targets.js';
import { Explore } from './screens/Explore.js';
import { Console, sendDraft } from './screens/Console.js';
import { History } from './screens/History.js';
import { Scenarios } from './screens/Scenarios.js';
import { Tail } from './screens/Tail.js';
import { Conformance } from './screens/Conformance.js';
import { Sandbox } from './screens/Sandbox.js';

export const MIN_COLUMNS = 40;
export const MIN_ROWS = 12;

export interface AppProps {
  /** Config and state folders; undefined keeps nothing on disk (tests). */
  readonly paths: TuiPaths | undefined;
  /** Connect at start (`--target`); otherwise the targets screen opens. */
  readonly connect?: ConnectRequest;
  /** Open this scenario in the debugger once connected (`--scenario`). */
  readonly scenario?: string;
  /** Fixed size (tests); default the terminal's, following resizes. */
  readonly size?: { readonly columns: number; readonly rows: number };
  readonly noColor?: boolean;
  /** How the built-in sandbox is made (tests and the bench pass their own simulator). */
  readonly makeSandbox?: () => Connection;
  /** Raw bytes to the terminal (OSC 52); default the real stdout. */
  readonly writeRaw?: (text: string) => void;
  /** The first screen (default: targets, or console once connected). */
  readonly screen?: ScreenId;
  readonly tailPollMs?: number;
  readonly env?: NodeJS.ProcessEnv;
  /** `--receiver-port` / `--webhook-secret`: for every deployment connected to in this run, over a saved target's. */
  readonly receiver?: ReceiverOptions;
  /** Hears each session the app opens (tests and the bench reach the stores through it). */
  readonly onSession?: (session: Session) => void;
}

const SCREEN_COMPONENTS: Record<ScreenId, () => React.JSX.Element> = {
  targets: Targets,
  explore: Explore,
  console: Console,
  history: History,
  scenarios: Scenarios,
  tail: Tail,
  conformance: Conformance,
  sandbox: Sandbox,
};

const HINTS: Record<ScreenId, string> = {
  targets: 'enter connect · a add',
  explore: 'enter open in console · / filter',
  console: 's send · m method · p path · u query · b body · i idem · c curl',
  history: 'enter open · r re-run · space select · d diff · w save',
  scenarios: 'n next · r run · g run to · b break · R restart · e rule · c compare',
  tail: '/ type · p pause · w deliveries · enter detail',
  conformance: 'p profile · s start · x stop · tab failures',
  sandbox: 'enter open form · f freeze · u unfreeze',
};

function useTerminalSize(fixed: AppProps['size']): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const read = (): { columns: number; rows: number } => fixed ?? { columns: stdout.columns || 80, rows: stdout.rows || 24 };
  const [size, setSize] = useState(read);
  useEffect(() => {
    if (fixed) return;
    const onResize = (): void => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fixed]);
  return fixed ?? size;
}

interface PromptState {
  readonly request: PromptRequest;
  readonly text: TextState;
  readonly error?: string;
  readonly busy?: boolean;
}

export function App(props: AppProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const { columns, rows } = useTerminalSize(props.size);
  const theme = useMemo(() => themeFor(props.noColor ?? false), [props.noColor]);
  const [app, dispatch] = useReducer(appReducer, initialApp(props.screen ?? 'targets'));
  const [session, setSession] = useState<Session | undefined>(undefined);
  const [connecting, setConnecting] = useState(false);
  const [palette, setPalette] = useState<{ text: TextState; error?: string } | undefined>(undefined);
  const [prompt, setPrompt] = useState<PromptState | undefined>(undefined);
  const keys = useRef<KeySlot>({ handler: undefined, editing: false });
  const sessionRef = useRef<Session | undefined>(undefined);
  sessionRef.current = session;
  const screenRef = useRef<ScreenId>(app.screen);
  screenRef.current = app.screen;

  const notify = useCallback((text: string, tone: Tone = 'info') => dispatch({ type: 'message', text, tone }), []);
  const go = useCallback((screen: ScreenId) => dispatch({ type: 'go', screen }), []);

  const connect = useCallback(
    async (request: ConnectRequest): Promise<Session | undefined> => {
      setConnecting(true);
      try {
        // The simulator, the scenarios engine and the kit load here, not before the first frame.
        const [{ connectSandbox, connectUrl }, { openSaved, receiverSpec }, { Session }, { connectedMessage }] = await Promise.all([
          import('./target/connection.js'),
          import('./target/open.js'),
          import('./session.js'),
          import('./target/key-hint.js'),
        ]);
        const receiver = { ...receiverSpec(props.receiver ?? {}), ...(request.kind === 'builtin' ? {} : receiverSpec(request)) };
        const connection =
          request.kind === 'builtin'
            ? (props.makeSandbox ?? connectSandbox)()
            : request.kind === 'saved'
              ? await (props.paths ? openSaved(props.paths, request.name, props.env, receiver) : Promise.reject(new Error('no config folder: no saved targets')))
              : await connectUrl({ name: request.url, baseUrl: request.url, ...(request.apiKey ? { apiKey: request.apiKey } : {}), ...(request.controlToken ? { controlToken: request.controlToken } : {}), ...receiver });
        const next = new Session(connection, props.paths, { ...(props.tailPollMs !== undefined ? { tailPollMs: props.tailPollMs } : {}) });
        await sessionRef.current?.close();
        // Set here, not only by the render setSession causes: the caller (--scenario) acts on the
        // new session as soon as this resolves, and an in-process connect resolves before that render.
        sessionRef.current = next;
        setSession(next);
        props.onSession?.(next);
        await next.refreshAccount();
        // Go first: a screen change clears the status line, and this message is for the new screen.
        if (screenRef.current === 'targets') go('console');
        const message = connectedMessage(connection, next.header.get().problem);
        notify(message.text, message.tone);
        return next;
      } catch (error) {
        notify(`could not connect: ${error instanceof Error ? error.message : String(error)}`, 'error');
        return undefined;
      } finally {
        setConnecting(false);
      }
    },
    [props.makeSandbox, props.paths, props.env, props.tailPollMs, props.onSession, props.receiver, notify, go],
  );

  useEffect(() => {
    if (!props.connect) return;
    void connect(props.connect).then(async (opened) => {
      if (!opened || !props.scenario) return;
      await opened.debugger.open(props.scenario);
      go('scenarios');
      const error = opened.debugger.store.get().error;
      if (!opened.debugger.opened && error) notify(error, 'error');
    });
  }, []);
  useEffect(() => () => void sessionRef.current?.close(), []);

  const quit = useCallback(() => exit(), [exit]);
  const ui: Ui = {
    session,
    connecting,
    paths: props.paths,
    columns,
    bodyRows: Math.max(3, rows - 5),
    theme,
    screen: app.screen,
    go,
    notify,
    prompt: (request) => setPrompt({ request, text: request.initialTyped ? textOf(request.initial ?? '') : suggestedText(request.initial ?? '') }),
    connect,
    writeRaw: props.writeRaw ?? ((text) => stdout.write(text)),
    quit,
    ...(props.makeSandbox ? { makeSandbox: props.makeSandbox } : {}),
  };

  const runCommand = (text: string): string | undefined => {
    let command;
    try {
      command = parseCommand(text);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    switch (command.type) {
      case 'quit':
        quit();
        return undefined;
      case 'help':
        // ":help lists commands": opened at them, which sit below the fold at 80×24 (17tui T11).
        dispatch({ type: 'help', open: true, top: helpLines(app.screen).findIndex(([key]) => key.startsWith(':')) });
        return undefined;
      case 'go':
        go(command.screen);
        return undefined;
      case 'target':
        void connect(command.name === 'sandbox' ? { kind: 'builtin' } : /^https?:/.test(command.name) ? { kind: 'url', url: command.name } : { kind: 'saved', name: command.name });
        return undefined;
      case 'open':
        if (!session) return 'connect to a target first (1)';
        void session.debugger.open(command.file).then(() => {
          const error = session.debugger.store.get().error;
          if (!session.debugger.opened && error) notify(error, 'error');
        });
        go('scenarios');
        return undefined;
      case 'send': {
        if (!session) return 'connect to a target first (1)';
        const [path, query] = command.path.split('?');
        session.console.dispatch({ type: 'load', method: command.method, path: path!, query: query ?? '', ...(command.body ? { body: command.body } : {}) });
        go('console');
        void sendDraft(ui, session, session.console.get(), true);
        return undefined;
      }
    }
  };

  // Keys are handled one at a time, each after the render the previous one caused: React 19
  // renders in a microtask, so two keys read in one chunk would otherwise both see the state
  // from before the first (a typed character lost, a digit switching screens mid-word).
  // The next key runs from a macrotask after that render's commit, never from inside it: an
  // update made during a commit is a nested one, and React gives up after 50 of those (a chunk
  // of 60 keys crashed the app with error #185, audit 17tui T1). Any chunk size is safe this way.
  const pending = useRef<KeyPress[]>([]);
  /** A key was handled and the render showing it has not committed yet. */
  const awaitingRender = useRef(false);
  /** Inside a bracketed paste (between ESC[200~ and ESC[201~). */
  const pasting = useRef(false);
  const [, bump] = useReducer((count: number) => count + 1, 0);
  const runKey = useRef<(press: KeyPress) => void>(() => undefined);
  runKey.current = (press) => {
    // A chunk of several keys (fast typing, a terminal that batches reads, a busy machine) is
    // taken apart: control keys each on their own, text whole only while a field takes text.
    const typing = palette !== undefined || prompt !== undefined || (keys.current.editing && !app.help);
    if (press.paste) {
      handlePaste(press.input, typing);
      return;
    }
    const [first, ...rest] = splitChunk(press.input, press.key, typing);
    pending.current.unshift(...rest);
    if (first) handleKey(first.input, first.key);
  };
  const pump = useRef(() => {
    if (awaitingRender.current) return;
    const next = pending.current.shift();
    if (!next) return;
    awaitingRender.current = true;
    runKey.current(next);
    bump();
  });
  useInput((input, key) => {
    if (input === PASTE_START || input === PASTE_END) {
      pasting.current = input === PASTE_START;
      return;
    }
    pending.current.push(pasting.current ? pasted(input, key) : { input, key });
    pump.current();
  });
  useLayoutEffect(() => {
    // This render shows the effect of the key handled before it: on to the next one, after this commit.
    if (!awaitingRender.current) return;
    awaitingRender.current = false;
    if (pending.current.length > 0) setImmediate(pump.current);
  });
  /** Pasted text goes into the field that takes text, or a pasted `:command` into the palette; never to a screen's keys. */
  function handlePaste(text: string, typing: boolean): void {
    if (typing) {
      handleKey(text, PLAIN_KEY);
      return;
    }
    const command = text.trimStart();
    if (command.startsWith(':')) {
      setPalette({ text: editText(textOf(''), command.slice(1).replace(/[\r\n]+$/, ''), PLAIN_KEY) });
      return;
    }
    notify('a paste goes into a field or the palette (:), never to a screen\'s keys: nothing done', 'error');
  }

  function handleKey(input: string, key: Key): void {
    if (palette) {
      if (key.escape) setPalette(undefined);
      else if (key.return) {
        const error = runCommand(palette.text.value);
        setPalette(error ? { ...palette, error } : undefined);
      } else if (key.tab) setPalette({ text: textOf(completeCommand(palette.text.value)) });
      else setPalette({ text: editText(palette.text, input, key) });
      return;
    }
    if (prompt) {
      if (prompt.busy) return;
      if (key.escape) {
        prompt.request.onCancel?.();
        setPrompt(undefined);
      } else if (key.return) {
        setPrompt({ ...prompt, busy: true });
        void Promise.resolve(prompt.request.onSubmit(prompt.text.value)).then(
          (error) => setPrompt((current) => (current === undefined || current.request !== prompt.request ? current : error ? { ...current, busy: false, error } : undefined)),
          (error: unknown) => setPrompt((current) => (current ? { ...current, busy: false, error: error instanceof Error ? error.message : String(error) } : current)),
        );
      } else setPrompt({ ...prompt, text: editText(prompt.text, input, key), error: undefined });
      return;
    }
    const slot = keys.current;
    if (slot.editing && !app.help) {
      slot.handler?.(input, key);
      return;
    }
    if (/^[1-8]$/.test(input) && !key.ctrl && !key.meta) {
      go(SCREENS[Number(input) - 1]!);
      return;
    }
    if (input === ':') {
      setPalette({ text: textOf('') });
      return;
    }
    if (input === '?') {
      dispatch({ type: 'help' });
      return;
    }
    if (input === 'q' && !key.ctrl) {
      quit();
      return;
    }
    if (app.help) {
      if (key.escape) dispatch({ type: 'help', open: false });
      const max = Math.max(0, helpLines(app.screen).length - (ui.bodyRows - 1));
      if (key.downArrow || input === 'j') dispatch({ type: 'help-scroll', by: 1, max });
      else if (key.upArrow || input === 'k') dispatch({ type: 'help-scroll', by: -1, max });
      else if (key.pageDown || input === ' ') dispatch({ type: 'help-scroll', by: ui.bodyRows - 2, max });
      else if (key.pageUp) dispatch({ type: 'help-scroll', by: -(ui.bodyRows - 2), max });
      return;
    }
    if (slot.handler?.(input, key)) return;
    if (input === '/') {
      // A screen with nothing to filter: what is typed next goes into this prompt, never to the
      // screen's one-letter commands (on the console "/contacts" would otherwise send a request).
      setPrompt({ request: { label: `nothing to filter on ${SCREEN_TITLES[app.screen]} (esc closes):`, onSubmit: () => undefined }, text: textOf('') });
      return;
    }
    if (key.escape) dispatch({ type: 'back' });
  }

  const header = session ? <SessionHeader session={session} width={columns} theme={theme} /> : <Header facts={undefined} width={columns} theme={theme} />;
  if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
    return <Text>Switchboard needs at least {MIN_COLUMNS}×{MIN_ROWS}; this terminal is {columns}×{rows}.</Text>;
  }
  const Screen = SCREEN_COMPONENTS[app.screen];
  const bodyRows = ui.bodyRows;
  return (
    <UiContext.Provider value={ui}>
      <KeysContext.Provider value={keys}>
        <Box flexDirection="column" width={columns} height={rows - 1}>
          {header}
          <Tabs screen={app.screen} width={columns} theme={theme} sandbox={session ? isSandbox(session.connection) : true} />
          <Box height={bodyRows} width={columns} flexDirection="column" overflow="hidden">
            {app.help ? <HelpView screen={app.screen} width={columns} height={bodyRows} top={app.helpTop ?? 0} /> : <Screen />}
          </Box>
          <StatusLine palette={palette} prompt={prompt} message={app.message} width={columns} theme={theme} />
          <Text dimColor wrap="truncate-end">
            {app.help ? `esc closes help${helpLines(app.screen).length > bodyRows - 1 ? ' · j/k scroll' : ''}` : `${HINTS[app.screen]} · ? help · : cmd · q quit`}
          </Text>
        </Box>
      </KeysContext.Provider>
    </UiContext.Provider>
  );
}

function SessionHeader({ session, width, theme }: { session: Session; width: number; theme: ReturnType<typeof themeFor> }) {
  const facts = useStore(session.header);
  return <Header facts={facts} width={width} theme={theme} />;
}

/**
 * The status line: the palette or a prompt (label, field, error), else the message. Exactly one
 * row: each part has a fixed width and is cut to it, the label keeps its words, and an error
 * sits apart from the typed text (17tui T5: an error glued to the input wrapped, and pushed the
 * header off the top).
 */
function StatusLine({ palette, prompt, message, width, theme }: { palette: { text: TextState; error?: string } | undefined; prompt: PromptState | undefined; message: { text: string; tone: Tone } | undefined; width: number; theme: ReturnType<typeof themeFor> }) {
  if (palette || prompt) {
    const label = palette ? ':' : `${prompt!.request.label} `;
    const text = palette ? palette.text : prompt!.text;
    const error = palette ? palette.error : prompt!.error;
    const errorWidth = error ? Math.min(columnsOf(error) + 3, Math.floor(width / 2)) : 0;
    const labelWidth = Math.min(columnsOf(label), Math.max(1, width - errorWidth - 10));
    const room = Math.max(1, width - labelWidth - errorWidth);
    return (
      <Box width={width} height={1} overflow="hidden">
        <Box width={labelWidth} flexShrink={0}>
          <Text color={theme.accent} bold={!palette} wrap="truncate-end">
            {label}
          </Text>
        </Box>
        <Box width={room} flexShrink={0}>
          <TextField state={text} width={room} focused={!prompt?.busy} />
        </Box>
        {error ? (
          <Box width={errorWidth} flexShrink={0}>
            <Text color={theme.error} wrap="truncate-end">
              {` ✗ ${error}`}
            </Text>
          </Box>
        ) : null}
      </Box>
    );
  }
  const color = message?.tone === 'error' ? theme.error : message?.tone === 'ok' ? theme.ok : undefined;
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text color={color} wrap="truncate-end">
        {message?.text ?? ' '}
      </Text>
    </Box>
  );
}

/** The help overlay's lines: the screen's keys, the global keys, the palette's commands. */
export function helpLines(screen: ScreenId): [string, string][] {
  const help = HELP[screen];
  return [
    ...help.keys.map(([key, what]) => [key, what] as [string, string]),
    ['', ''],
    ...GLOBAL_KEYS.map(([key, what]) => [key, what] as [string, string]),
    ['', ''],
    ...COMMAND_HELP.map(([key, what]) => [key, what] as [string, string]),
  ];
}

function HelpView({ screen, width, height, top }: { screen: ScreenId; width: number; height: number; top: number }) {
  const help = HELP[screen];
  const lines = helpLines(screen);
  const keyWidth = Math.min(40, Math.max(...lines.map(([key]) => key.length)) + 2);
  const first = Math.max(0, Math.min(top, lines.length - (height - 1)));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate-end">
        {SCREEN_TITLES[screen]}: {help.what}
      </Text>
      {lines.slice(first, first + height - 1).map(([key, what], index) => (
        <Text key={first + index} wrap="truncate-end">
          {key.padEnd(keyWidth)}
          <Text dimColor>{what}</Text>
        </Text>
      ))}
    </Box>
  );
}
