/**
 * What to say when no key was given. `--target URL` without `--api-key` sends the default seed's
 * public key to a sandbox (and nothing to a deployment): a sandbox started with `--api-key` or
 * its own seed refuses it, and a bare "401 invalid_api_key" does not say which key was sent or
 * what fixes it.
 */
import type { Connection } from './connection.js';

/** Appended to "connected to X" when the key was not given. */
export function keySourceNote(keySource: Connection['keySource']): string | undefined {
  if (keySource === 'default-seed') return 'no --api-key: tried the default seed key';
  if (keySource === 'none') return 'no --api-key: requests go without a key';
  return undefined;
}

/** The fix for a 401 on GET /account, when the key was not the user's own. */
export function refusedKeyHint(status: number, keySource: Connection['keySource']): string | undefined {
  if (status !== 401) return undefined;
  if (keySource === 'default-seed') return 'no --api-key given and the default seed key was refused (this sandbox has its own keys): pass --api-key';
  if (keySource === 'none') return 'no --api-key given: pass --api-key';
  return undefined;
}

/** The status line after connecting: the target first, then what the user must know. */
export function connectedMessage(connection: Pick<Connection, 'label' | 'kind' | 'keySource' | 'note'>, problem: string | undefined): { text: string; tone: 'ok' | 'error' } {
  if (problem) return { text: `connected to ${connection.label}, but GET /account: ${problem}`, tone: 'error' };
  // The in-process sandbox has only the seed's keys: there is no --api-key to miss.
  const keyNote = connection.kind === 'in-process' ? undefined : keySourceNote(connection.keySource);
  const notes = [connection.note, keyNote].filter((note): note is string => note !== undefined);
  return { text: `connected to ${connection.label}${notes.length ? ` (${notes.join('; ')})` : ''}: s sends GET /account`, tone: 'ok' };
}
