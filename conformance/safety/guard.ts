/**
 * The profile, enforced at the transport so no check can break it by mistake:
 * - `read-only` lets only GET (and HEAD) through;
 * - `safe` lets a request change or delete something only when every numeric id in its path is a
 *   resource the kit created (in the ledger, of that kind, in the account of the key used) or the
 *   kit's probe id for "no such resource";
 * - `full` lets everything through (the kit still only deletes what it created, by construction).
 * A refused request makes its check skip with reason `profile`.
 */
import type { Profile } from '../types.js';
import { idsOf } from './kinds.js';
import type { AccountLabel, Ledger } from './ledger.js';

/** An id the kit uses to mean "certainly absent"; ids start at 1. */
export const ABSENT_ID = 0;

export class ProfileRefusal extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly profile: Profile,
    /**
     * When every id refused is a record the kit made in its *other* account (an isolation probe:
     * account A's key sent at account B's record), the item paths to look up first: the client
     * lets the request go only when the key's own account answers 404 for each, so on a server
     * that numbers each account from 1 it never reaches a record of the key's account.
     */
    readonly otherAccountItems: readonly string[] = [],
  ) {
    super(`the ${profile} profile does not send ${method} ${path}`);
    this.name = 'ProfileRefusal';
  }
}

const CHANGING = new Set(['PATCH', 'DELETE', 'PUT']);

/**
 * `harmless` marks a request that cannot change state even if the target accepts it: a method
 * the spec does not define on that path (a 405 probe) or an empty PATCH. `safe` lets it through.
 */
export function guardRequest(profile: Profile, ledger: Ledger, method: string, path: string, harmless = false, account?: AccountLabel): void {
  const upper = method.toUpperCase();
  if (upper === 'GET' || upper === 'HEAD') return;
  if (profile === 'read-only') throw new ProfileRefusal(upper, path, profile);
  if (profile === 'full' || profile === 'destructive') return;
  const ids = idsOf(path);
  const segments = path.split('?')[0]!.split('/');
  // A POST to a collection creates (allowed: the kit names it with the run prefix). A PATCH or
  // DELETE without an id changes account-wide state (AI config, channel switches): refused.
  // Anything addressed to an id must only touch what the kit owns.
  if (ids.length === 0) {
    if (CHANGING.has(upper) && !harmless) throw new ProfileRefusal(upper, path, profile);
    return;
  }
  if (harmless) return;
  const otherAccount: string[] = [];
  for (const { id, kind, end } of ids) {
    if (id === ABSENT_ID || ledger.owns(kind, id, account)) continue;
    if (account === undefined || !ledger.owns(kind, id)) throw new ProfileRefusal(upper, path, profile);
    otherAccount.push(segments.slice(0, end).join('/'));
  }
  if (otherAccount.length > 0) throw new ProfileRefusal(upper, path, profile, otherAccount);
}
