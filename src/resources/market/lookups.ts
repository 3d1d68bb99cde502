/**
 * Pulling fresh numbers from the world: your own account through its connection, each
 * competitor through a public-profile lookup (readable only while public and business or
 * creator, and refused while the sandbox fault says so). What a lookup reads becomes the day's
 * snapshot; a refused lookup sets the competitor's `status` to `error` and keeps its last numbers.
 * A refresh (4.16) and the daily snapshot (scheduler) both come through here.
 */
import type { Access } from './access.js';
import type { Competitors } from './competitors.js';
import { STORED_POST_DAYS, STORED_POST_MAX } from './limits.js';
import { resolveProfile, CATALOGUE_ANCHOR_DAY, type WorldProfile } from './profiles.js';
import { audienceAt, readingAt, recentPostsAt } from './readings.js';
import type { RefreshErrorData, RefreshResultData } from './schemas.js';
import { OWN, dateOf, dayOfMs, type Snapshots } from './snapshots.js';
import type { World } from './world.js';

export interface LookupParts {
  readonly world: World;
  readonly access: Access;
  readonly competitors: Competitors;
  readonly snapshots: Snapshots;
  readonly iso: (ms: number) => string;
}

export function createLookups({ world, access, competitors, snapshots, iso }: LookupParts) {
  /**
   * Your own account as the connection reads it: its world profile, or (for a handle the world
   * does not hold) a business account drawn from the seed, so every connected account has numbers.
   */
  function ownProfile(accountId: number): WorldProfile {
    const username = access.current(accountId).own_username;
    return world.profile(username) ?? resolveProfile(world.seed(), { username, kind: 'business' }, CATALOGUE_ANCHOR_DAY, 'catalogue');
  }

  /**
   * Looks up your account and every competitor at `atMs` and stores the day's snapshots. A seed's
   * back-fill skips your audience and posts (`content: false`) on all but its last day: only the
   * latest are kept.
   */
  function snapshotAccount(accountId: number, atMs: number, content = true): RefreshResultData {
    const settings = access.current(accountId);
    const refused = new Set(settings.refused_lookups);
    const day = dayOfMs(atMs);
    const takenAt = iso(atMs);
    const errors: RefreshErrorData[] = [];
    let refreshed = 0;

    const own = ownProfile(accountId);
    if (refused.has(own.username)) {
      errors.push({ username: own.username, competitor_id: null, code: 'lookup_refused', message: `The lookup of your own account @${own.username} was refused.` });
    } else {
      snapshots.put(accountId, OWN, { username: own.username, display_name: own.displayName, day, taken_at: takenAt, ...readingAt(own, atMs) });
      if (content) {
        snapshots.putOwnContent(accountId, {
          snapshot_date: dateOf(day),
          audience: audienceAt(own, atMs),
          posts: recentPostsAt(own, atMs, STORED_POST_DAYS, STORED_POST_MAX),
        });
      }
      refreshed++;
    }

    for (const competitor of competitors.list(accountId)) {
      const found = refused.has(competitor.username) ? undefined : world.trackable(competitor.username);
      if (!found || 'refusal' in found) {
        const code = !found ? 'lookup_refused' : found.refusal === 'not_found' ? 'not_found' : 'not_public';
        const message = !found
          ? `The lookup of @${competitor.username} was refused.`
          : found.refusal === 'not_found'
            ? `@${competitor.username} no longer exists.`
            : `@${competitor.username} is no longer a public business or creator account.`;
        errors.push({ username: competitor.username, competitor_id: competitor.id, code, message });
        competitors.update(competitor.id, { status: 'error' });
        continue;
      }
      const reading = readingAt(found.profile, atMs);
      snapshots.put(accountId, { own: false, username: competitor.username }, {
        username: competitor.username,
        display_name: found.profile.displayName,
        day,
        taken_at: takenAt,
        ...reading,
      });
      const date = dateOf(day);
      competitors.update(competitor.id, {
        display_name: found.profile.displayName,
        is_verified: found.profile.verified,
        followers: reading.followers,
        engagement_rate: reading.engagement_rate,
        status: 'active',
        // A back-dated snapshot (the clock was set back) does not move the latest date back.
        last_snapshot_date: competitor.last_snapshot_date !== null && competitor.last_snapshot_date > date ? competitor.last_snapshot_date : date,
      });
      refreshed++;
    }
    return { refreshed, errors, snapshot_date: dateOf(day) };
  }

  return { ownProfile, snapshotAccount };
}

export type Lookups = ReturnType<typeof createLookups>;
