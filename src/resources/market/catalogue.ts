/**
 * The sandbox's social world as data: the public (and a few personal and private) accounts every
 * simulator knows, with their kind and rough size. Their numbers are not here: profiles.ts draws
 * them from the world seed, so they are the same on every machine and move with the virtual
 * clock (readings.ts). The sandbox can add or edit accounts (`POST /_sandbox/market/world`).
 *
 * The default seed's own accounts are in the world too (anyone can track them), and the handles
 * the README, the docs and the conformance kit use are documented in docs/sandbox.md.
 */
import type { WorldSpec } from './profiles.js';

export const CATALOGUE: readonly WorldSpec[] = [
  // The default seed's own accounts (account 4 stays under 100 followers: its audience is zeros).
  { username: 'atlas.outfitters', kind: 'business', size: 'mid', region: 'us' },
  { username: 'lumen.dental', kind: 'business', size: 'micro', region: 'uk' },
  { username: 'bluebird.bakery', kind: 'business', size: 'micro', region: 'us' },
  { username: 'northwind.studio', kind: 'creator', region: 'eu', followers: 64, growth_per_day: 0.02, posts: 18, posts_per_week: 1 },
  // Outdoor gear: Atlas Outfitters' competitors.
  { username: 'summit.supply.co', display_name: 'Summit Supply Co.', kind: 'business', size: 'mid', region: 'us' },
  { username: 'trailhead.gear', kind: 'business', size: 'macro', region: 'us', verified: true },
  { username: 'basecamp.provisions', kind: 'business', size: 'micro', region: 'us' },
  { username: 'wildpine.outdoors', display_name: 'WildPine Outdoors', kind: 'creator', size: 'mid', region: 'us' },
  { username: 'ridgeline.packs', kind: 'business', size: 'micro', region: 'us' },
  { username: 'northtrail.co', display_name: 'North Trail Co.', kind: 'business', size: 'mid', region: 'uk' },
  { username: 'campfire.collective', kind: 'creator', size: 'micro', region: 'us' },
  { username: 'alpine.thread', kind: 'business', size: 'mid', region: 'eu' },
  { username: 'canyon.camp.store', kind: 'business', size: 'nano', region: 'us' },
  // Dental: Lumen Dental's competitors.
  { username: 'brightsmile.studio', display_name: 'BrightSmile Studio', kind: 'business', size: 'micro', region: 'uk' },
  { username: 'harbor.dental', kind: 'business', size: 'micro', region: 'uk' },
  { username: 'pearl.dental.care', kind: 'business', size: 'nano', region: 'uk' },
  { username: 'dr.ana.ortho', display_name: 'Dr. Ana | Orthodontist', kind: 'creator', size: 'mid', region: 'uk', verified: true },
  // Bakeries, studios, cafés and shops.
  { username: 'crumb.and.co', display_name: 'Crumb & Co.', kind: 'business', size: 'micro', region: 'us' },
  { username: 'sourdough.sam', display_name: 'Sourdough Sam', kind: 'creator', size: 'mid', region: 'us' },
  { username: 'petit.four.bakehouse', kind: 'business', size: 'nano', region: 'us' },
  { username: 'lightbox.studio', kind: 'business', size: 'micro', region: 'eu' },
  { username: 'frame.and.field', display_name: 'Frame & Field', kind: 'creator', size: 'micro', region: 'eu' },
  { username: 'harbor.coffee', kind: 'business', size: 'mid', region: 'us' },
  { username: 'city.bikes.daily', kind: 'creator', size: 'micro', region: 'eu' },
  { username: 'fernwood.candles', kind: 'business', size: 'micro', region: 'us' },
  { username: 'tiny.plant.shop', kind: 'business', size: 'nano', region: 'uk' },
  { username: 'studio.maya.ceramics', display_name: 'Studio Maya Ceramics', kind: 'creator', size: 'micro', region: 'us' },
  // Large verified accounts (the conformance kit tracks one of these, then deletes it).
  { username: 'natgeo', display_name: 'National Geographic', kind: 'business', size: 'mega', region: 'global', verified: true },
  { username: 'nasa', display_name: 'NASA', kind: 'business', size: 'mega', region: 'global', verified: true },
  // Not trackable: personal accounts (422) and private ones (422).
  { username: 'jess.walks.dogs', display_name: 'Jess', kind: 'personal', size: 'nano', region: 'us' },
  { username: 'quiet.mornings', kind: 'personal', size: 'micro', region: 'uk' },
  { username: 'tom.family.pics', display_name: 'Tom', kind: 'personal', size: 'nano', region: 'us' },
  { username: 'marco.private', display_name: 'Marco', kind: 'creator', size: 'micro', region: 'eu', private: true },
  { username: 'secret.garden.club', kind: 'business', size: 'nano', region: 'uk', private: true },
];

const BY_NAME = new Map(CATALOGUE.map((spec) => [spec.username, spec]));

/** The catalogue's entry for a handle, if it has one. */
export function catalogueSpec(username: string): WorldSpec | undefined {
  return BY_NAME.get(username);
}
