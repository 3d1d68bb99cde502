/**
 * What every screen reaches through context: the session (when connected), the screen size, the
 * theme, navigation, the status line, a one-line prompt, and the key routing. The app owns one
 * input handler; the active screen registers its own with `useKeys`, and says when it is taking
 * text (then number keys, `q` and `?` are typed, not commands).
 */
import { createContext, useContext, useLayoutEffect, useRef } from 'react';
import type { Key } from 'ink';
import type { Session } from './session.js';
import type { Theme } from './theme.js';
import type { ScreenId, Tone } from './state/app.js';
import type { TuiPaths } from './target/paths.js';
import type { Connection, ReceiverOptions } from './target/connection.js';

/** Returns true when the key was used (so the app does not also act on it). */
export type KeyHandler = (input: string, key: Key) => boolean;

export interface PromptRequest {
  readonly label: string;
  readonly initial?: string;
  /** `initial` is text already typed (kept and extended), not a suggestion that typing replaces. */
  readonly initialTyped?: boolean;
  /** Return an error sentence to keep the prompt open. */
  readonly onSubmit: (value: string) => string | void | Promise<string | void>;
  readonly onCancel?: () => void;
}

export type ConnectRequest =
  | { readonly kind: 'builtin' }
  | ({ readonly kind: 'saved'; readonly name: string } & ReceiverOptions)
  | ({ readonly kind: 'url'; readonly url: string; readonly apiKey?: string; readonly controlToken?: string } & ReceiverOptions);

export interface Ui {
  readonly session: Session | undefined;
  readonly connecting: boolean;
  readonly paths: TuiPaths | undefined;
  readonly columns: number;
  /** Rows available to the screen body (the header, tabs and status lines excluded). */
  readonly bodyRows: number;
  readonly theme: Theme;
  readonly screen: ScreenId;
  go(screen: ScreenId): void;
  notify(text: string, tone?: Tone): void;
  prompt(request: PromptRequest): void;
  /** The new session, or undefined when the connection failed (the status line says why). */
  connect(request: ConnectRequest): Promise<Session | undefined>;
  /** Writes raw bytes to the terminal (OSC 52 clipboard). */
  writeRaw(text: string): void;
  quit(): void;
  /** For tests and the bench: a hook to make a connection without a real target. */
  readonly makeSandbox?: () => Connection;
}

export const UiContext = createContext<Ui | undefined>(undefined);

export function useUi(): Ui {
  const ui = useContext(UiContext);
  if (!ui) throw new Error('useUi outside the app');
  return ui;
}

export interface KeySlot {
  handler: KeyHandler | undefined;
  editing: boolean;
}

export const KeysContext = createContext<{ current: KeySlot }>({ current: { handler: undefined, editing: false } });

/** Registers the active screen's key handler; `editing` while it takes text. */
export function useKeys(handler: KeyHandler, editing = false): void {
  const slot = useContext(KeysContext);
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(() => {
    slot.current = { handler: (input, key) => latest.current(input, key), editing };
  });
  useLayoutEffect(
    () => () => {
      slot.current = { handler: undefined, editing: false };
    },
    [slot],
  );
}
