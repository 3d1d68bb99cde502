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
  // The fix first: at 80 columns the status line keeps about fifty characters of it.
  if (keySource === 'default-seed') return 'pass --api-key: this sandbox refused the default seed key (it has its own keys)';
  if (keySource === 'none') return 'pass --api-key: none was given';
  return undefined;
}

/**
 * The status line after connecting. When GET /account failed, the problem comes first (it holds
 * the fix) and the target last; otherwise the target first, then what the user must know.
 */
export function connectedMessage(connection: Pick<Connection, 'label' | 'kind' | 'keySource' | 'note'>, problem: string | undefined): { text: string; tone: 'ok' | 'error' } {
  if (problem) return { text: `GET /account: ${problem} (connected to ${connection.label})`, tone: 'error' };
  // The in-process sandbox has only the seed's keys: there is no --api-key to miss.
  const keyNote = connection.kind === 'in-process' ? undefined : keySourceNote(connection.keySource);
  const notes = [connection.note, keyNote].filter((note): note is string => note !== undefined);
  return { text: `connected to ${connection.label}${notes.length ? ` (${notes.join('; ')})` : ''}: s sends GET /account`, tone: 'ok' };
}
