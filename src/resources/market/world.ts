/**
 * The world as sandbox state: the catalogue (data), the accounts the sandbox added or edited
 * (stored, so reset, snapshot and restore cover them) and the seed every number is drawn from.
 * The world is one for the whole sandbox, like the real platform: an edit is seen by every account.
 */
import type { Store } from '../../store/store.js';
import type { Entity } from '../../store/collection.js';
import { CATALOGUE, catalogueSpec } from './catalogue.js';
import { DAY_MS } from './limits.js';
import { CATALOGUE_ANCHOR_DAY, resolveProfile, type ContentWeights, type HeldReading, type WorldProfile, type WorldSpec } from './profiles.js';
import { percentages, readingAt } from './readings.js';
import { WorldAccountRecordSchema, WorldSeedRecordSchema } from './records.js';
import { round1, round2 } from './rounding.js';

/** The fields whose change re-anchors an account's numbers on the day of the edit. */
const NUMBERS = ['followers', 'following', 'posts', 'growth_per_day', 'posts_per_week', 'engagement_rate', 'content_mix'] as const;

/** A held reading as stored (snake case, as the spec and the API spell it). */
interface StoredHeld {
  readonly engagement_rate?: number | undefined;
  readonly posts_per_week?: number | undefined;
  readonly content_mix?: ContentWeights | undefined;
}


/** The sent numbers as their reading shows them: rates to two decimals, a mix in whole percentages. */
function heldFromSpec(spec: Partial<WorldSpec>): StoredHeld {
  const mix = spec.content_mix ? percentages([spec.content_mix.reels, spec.content_mix.photos, spec.content_mix.carousels]) : undefined;
  return {
    ...(spec.engagement_rate !== undefined ? { engagement_rate: round2(spec.engagement_rate) } : {}),
    ...(spec.posts_per_week !== undefined ? { posts_per_week: round1(spec.posts_per_week) } : {}),
    ...(mix ? { content_mix: { reels: mix[0]!, photos: mix[1]!, carousels: mix[2]! } } : {}),
  };
}

const heldOf = (stored: StoredHeld | undefined): HeldReading | undefined =>
  stored && { engagementRate: stored.engagement_rate, postsPerWeek: stored.posts_per_week, contentMix: stored.content_mix };

export const DEFAULT_WORLD_SEED = 'switchboard';

/** World records belong to no account. */
const WORLD = 0;

interface WorldAccountRecord extends Entity {
  readonly spec: WorldSpec;
  readonly anchor_day: number;
  readonly held?: StoredHeld | undefined;
}

interface WorldSeedRecord extends Entity {
  readonly seed: string;
}

/** Why a lookup found nothing to read. */
export type LookupRefusal = 'not_found' | 'private' | 'personal';

export function createWorld(store: Store) {
  const accounts = store.define<WorldAccountRecord>(
    'market_world_accounts',
    { username: { unique: true, key: (record) => record.spec.username } },
    { schema: WorldAccountRecordSchema, sequence: 'market_world_account', sandboxWide: true },
  );
  const seeds = store.define<WorldSeedRecord>('market_world_seed', {}, { schema: WorldSeedRecordSchema, sequence: 'market_world_seed', sandboxWide: true });

  // Profiles are pure functions of (seed, spec, anchor): kept until any of them changes.
  let cache = new Map<string, WorldProfile | null>();
  let cacheKey = '';

  function seed(): string {
    for (const record of seeds.values()) return record.seed;
    return DEFAULT_WORLD_SEED;
  }

  function profile(username: string): WorldProfile | undefined {
    const currentKey = `${seed()}#${accounts.version}`;
    if (currentKey !== cacheKey) {
      cache = new Map();
      cacheKey = currentKey;
    }
    const cached = cache.get(username);
    if (cached !== undefined) return cached ?? undefined;
    const edited = accounts.findUnique('username', username);
    const catalogued = catalogueSpec(username);
    const resolved = edited
      ? resolveProfile(seed(), edited.spec, edited.anchor_day, 'sandbox', heldOf(edited.held))
      : catalogued
        ? resolveProfile(seed(), catalogued, CATALOGUE_ANCHOR_DAY, 'catalogue')
        : null;
    cache.set(username, resolved);
    return resolved ?? undefined;
  }

  return {
    seed,
    profile,

    /** The account as a competitor lookup sees it: readable only if public and business or creator. */
    trackable(username: string): { profile: WorldProfile } | { refusal: LookupRefusal } {
      const found = profile(username);
      if (!found) return { refusal: 'not_found' };
      if (found.private) return { refusal: 'private' };
      if (found.kind === 'personal') return { refusal: 'personal' };
      return { profile: found };
    },

    /** Every username of the world: the catalogue's, then the sandbox's additions, by name. */
    usernames(): string[] {
      const names = new Set(CATALOGUE.map((spec) => spec.username));
      for (const record of accounts.values()) names.add(record.spec.username);
      return [...names].sort();
    },

    /**
     * Adds or edits an account. Fields not sent keep their current value (an edit of a catalogue
     * account starts from its catalogue entry). An edit that sends a number re-anchors the
     * account on `nowMs`'s day, with today's followers, following and posts carried over, so the
     * numbers it did not send go on from where they are instead of jumping. That day reads the
     * numbers sent exactly (audit 9b, P5), and for engagement rate, posts per week and content
     * mix not sent, what they read just before the edit (`held`).
     */
    upsert(spec: Partial<WorldSpec> & { username: string }, nowMs: number): WorldProfile {
      const existing = accounts.findUnique('username', spec.username);
      const current = profile(spec.username);
      const base: WorldSpec = existing?.spec ?? catalogueSpec(spec.username) ?? { username: spec.username, kind: 'business' };
      const merged = { ...base } as Record<string, unknown>;
      const today = Math.floor(nowMs / DAY_MS);
      let anchor_day = existing?.anchor_day ?? (current ? current.anchorDay : today);
      let held = existing?.held;
      if (current && NUMBERS.some((field) => spec[field] !== undefined)) {
        const now = readingAt(current, nowMs);
        Object.assign(merged, {
          followers: now.followers,
          following: now.following,
          posts: now.posts,
          growth_per_day: current.growthPerDay,
          posts_per_week: current.postsPerWeek,
          engagement_rate: current.engagementRate,
          content_mix: current.contentMix,
          online_hours: current.onlineHours,
          region: current.region,
        });
        anchor_day = today;
        held = { engagement_rate: now.engagement_rate, posts_per_week: now.posts_per_week, content_mix: now.content_mix, ...heldFromSpec(spec) };
      } else if (!current) {
        anchor_day = today;
        held = heldFromSpec(spec);
      }
      for (const [field, value] of Object.entries(spec)) if (value !== undefined) merged[field] = value;
      const next = merged as unknown as WorldSpec;
      const anchored = held === undefined ? {} : { held };
      if (existing) accounts.update(existing.id, { spec: next, anchor_day, ...anchored });
      else accounts.insert({ id: store.nextId('market_world_account'), account_id: WORLD, spec: next, anchor_day, ...anchored });
      return profile(spec.username)!;
    },

    setSeed(value: string): void {
      for (const record of [...seeds.values()]) seeds.remove(record.id);
      seeds.insert({ id: store.nextId('market_world_seed'), account_id: WORLD, seed: value });
    },
  };
}

export type World = ReturnType<typeof createWorld>;
