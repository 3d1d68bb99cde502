/**
 * Navigation as a plain reducer: the screen shown (number keys, the `:` palette), the way back
 * (`esc`), the help overlay (`?`) and the status line's message. The palette's commands are
 * parsed here too, so every command is testable without a terminal.
 */
export const SCREENS = ['targets', 'explore', 'console', 'history', 'scenarios', 'tail', 'conformance', 'sandbox'] as const;
export type ScreenId = (typeof SCREENS)[number];

export const SCREEN_TITLES: Record<ScreenId, string> = {
  targets: 'Targets',
  explore: 'Explore',
  console: 'Console',
  history: 'History',
  scenarios: 'Scenarios',
  tail: 'Tail',
  conformance: 'Conformance',
  sandbox: 'Sandbox',
};

/** Shorter names for the tab bar at 80 columns. */
export const SCREEN_TABS: Record<ScreenId, string> = { ...SCREEN_TITLES, conformance: 'Conform' };

export type Tone = 'info' | 'ok' | 'error';

export interface AppState {
  readonly screen: ScreenId;
  readonly back: readonly ScreenId[];
  readonly help: boolean;
  /** The help overlay's first shown line (it scrolls: at 80×24 the commands are below the fold). */
  readonly helpTop?: number;
  readonly message?: { readonly text: string; readonly tone: Tone };
}

export type AppAction =
  | { type: 'go'; screen: ScreenId }
  | { type: 'back' }
  | { type: 'help'; open?: boolean; top?: number }
  | { type: 'help-scroll'; by: number; max: number }
  | { type: 'message'; text: string; tone?: Tone }
  | { type: 'clear-message' };

export function initialApp(screen: ScreenId = 'targets'): AppState {
  return { screen, back: [], help: false };
}

export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    // A message is about the screen it was said on: another screen starts with a clear status line.
    case 'go':
      if (action.screen === state.screen) return state.help ? { ...state, help: false } : state;
      return { screen: action.screen, back: [...state.back.filter((screen) => screen !== action.screen), state.screen].slice(-10), help: false };
    case 'back': {
      if (state.help) return { ...state, help: false };
      const previous = state.back[state.back.length - 1];
      return previous ? { screen: previous, back: state.back.slice(0, -1), help: false } : state;
    }
    case 'help':
      return { ...state, help: action.open ?? !state.help, helpTop: action.top ?? 0 };
    case 'help-scroll':
      return { ...state, helpTop: Math.max(0, Math.min(action.max, (state.helpTop ?? 0) + action.by)) };
    case 'message':
      return { ...state, message: { text: action.text, tone: action.tone ?? 'info' } };
    case 'clear-message':
      return state.message ? { ...state, message: undefined } : state;
  }
}

export type Command =
  | { type: 'go'; screen: ScreenId }
  | { type: 'open'; file: string }
  | { type: 'target'; name: string }
  | { type: 'send'; method: string; path: string; body?: string }
  | { type: 'help' }
  | { type: 'quit' };

const ALIASES: Record<string, ScreenId> = {
  targets: 'targets', target: 'targets', t: 'targets', '1': 'targets',
  explore: 'explore', routes: 'explore', e: 'explore', '2': 'explore',
  console: 'console', c: 'console', '3': 'console',
  history: 'history', h: 'history', '4': 'history',
  scenarios: 'scenarios', scenario: 'scenarios', replay: 'scenarios', debug: 'scenarios', s: 'scenarios', '5': 'scenarios',
  tail: 'tail', events: 'tail', '6': 'tail',
  conformance: 'conformance', conform: 'conformance', kit: 'conformance', '7': 'conformance',
  sandbox: 'sandbox', sb: 'sandbox', '8': 'sandbox',
};

export const COMMAND_HELP: readonly [string, string][] = [
  [':targets :explore :console :history', 'go to a screen (or 1-8)'],
  [':scenarios :tail :conformance :sandbox', ''],
  [':target NAME', 'connect to a saved target'],
  [':open FILE', 'open a scenario in the replay debugger'],
  [':get PATH  :post PATH {json}', 'send from the console'],
  [':help  :quit', ''],
];

/** Parses a palette line; throws with a sentence when it is not a command. */
export function parseCommand(text: string): Command {
  const trimmed = text.trim().replace(/^:/, '');
  const space = trimmed.search(/\s/);
  const word = (space < 0 ? trimmed : trimmed.slice(0, space)).toLowerCase();
  const rest = space < 0 ? '' : trimmed.slice(space + 1).trim();
  if (!word) throw new Error('type a command: targets, console, open FILE, get /account, help...');
  if (word === 'quit' || word === 'q' || word === 'exit') return { type: 'quit' };
  if (word === 'help' || word === '?') return { type: 'help' };
  if (word === 'open') {
    if (!rest) throw new Error(':open needs a scenario file, e.g. :open fixtures/scenarios/idempotent-retry.yaml');
    return { type: 'open', file: rest };
  }
  if ((word === 'target' || word === 'connect') && rest) return { type: 'target', name: rest };
  if (['get', 'post', 'patch', 'put', 'delete'].includes(word)) {
    const pathEnd = rest.search(/\s/);
    const path = pathEnd < 0 ? rest : rest.slice(0, pathEnd);
    const body = pathEnd < 0 ? undefined : rest.slice(pathEnd + 1).trim();
    if (!path.startsWith('/')) throw new Error(`:${word} needs a path starting with /, e.g. :get /account`);
    return { type: 'send', method: word.toUpperCase(), path, ...(body ? { body } : {}) };
  }
  const screen = ALIASES[word];
  if (screen) return { type: 'go', screen };
  throw new Error(`unknown command ":${word}" (:help lists them)`);
}

/** Completes the first word of a palette line (tab). */
export function completeCommand(text: string): string {
  if (/\s/.test(text.trim()) || text.trim() === '') return text;
  const word = text.trim().toLowerCase();
  const names = ['targets', 'explore', 'console', 'history', 'scenarios', 'tail', 'conformance', 'sandbox', 'target ', 'open ', 'get ', 'post ', 'patch ', 'delete ', 'help', 'quit'];
  const matches = names.filter((name) => name.startsWith(word));
  return matches.length === 1 ? matches[0]! : text;
}
