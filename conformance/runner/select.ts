/**
 * Which checks a run includes, and why the included ones that cannot run are skipped. Checks
 * outside the chosen sections or level are left out of the report altogether; checks that the
 * profile, the keys or the target rule out are reported as skipped with the reason. A name the
 * kit does not know (`--check`, `--section`) is an error before any request, never a silent
 * run of zero checks.
 */
import { ConformanceUsageError } from '../errors.js';
import type { LevelSelection, Profile } from '../types.js';
import type { CheckDefinition, Need } from './check.js';
import { closest } from '../../src/util/did-you-mean.js';

// Shared with the library's option checks (src/util/option-keys.ts); kept importable from here.
export { closest, distance } from '../../src/util/did-you-mean.js';

const PROFILE_RANK: Record<Profile, number> = { 'read-only': 0, safe: 1, full: 2, destructive: 3 };

export function profileAllows(profile: Profile, least: Profile): boolean {
  return PROFILE_RANK[profile] >= PROFILE_RANK[least];
}

export function inSections(clause: string, sections: readonly string[]): boolean {
  if (sections.length === 0) return true;
  return sections.some((section) => clause === section || clause.startsWith(`${section}.`));
}

export interface Selection {
  readonly sections: readonly string[];
  readonly only: readonly string[];
  readonly level: LevelSelection;
}

export function selectChecks(checks: readonly CheckDefinition[], selection: Selection): CheckDefinition[] {
  return checks.filter((check) => {
    if (selection.only.length > 0) return selection.only.includes(check.id);
    if (selection.level === 'spec' && check.level === 'assumption') return false;
    return inSections(check.clause, selection.sections);
  });
}

/** Every section a `--section` can name: each clause of a check and its leading parts. */
export function knownSections(checks: readonly CheckDefinition[]): string[] {
  const sections = new Set<string>();
  for (const check of checks) {
    const parts = check.clause.split('.');
    for (let i = 1; i <= parts.length; i++) sections.add(parts.slice(0, i).join('.'));
  }
  return [...sections].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

function unknownName(kind: string, name: string, valid: readonly string[]): ConformanceUsageError {
  const suggestions = closest(name, valid);
  const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?` : '';
  return new ConformanceUsageError(`unknown ${kind} "${name}"${hint}`, valid, suggestions);
}

/**
 * Refuses names the kit does not know. `catalogue` is every check the kit has (whatever the
 * target serves): a check the target does not serve is known, and reported skipped.
 */
export function validateSelection(catalogue: readonly CheckDefinition[], selection: { sections: readonly string[]; only: readonly string[]; replay?: string | undefined }): void {
  const ids = catalogue.map((check) => check.id);
  const known = new Set(ids);
  if (selection.replay !== undefined && !known.has(selection.replay)) throw unknownName('check id in --replay', selection.replay, ids);
  for (const id of selection.only) if (!known.has(id)) throw unknownName('check id', id, ids);
  const sections = knownSections(catalogue);
  const validSections = new Set(sections);
  for (const section of selection.sections) if (!validSections.has(section)) throw unknownName('section', section, sections);
}

export interface Availability {
  readonly profile: Profile;
  readonly routes: ReadonlySet<string>;
  readonly has: (need: Need) => boolean;
}

/** Skip reasons that say more than `needs_<need>`. */
const NEED_REASONS: Partial<Record<Need, string>> = {
  rate_limits: 'rate_limiting_off',
};

/** The skip reason, or undefined when the check can run. */
export function skipReason(check: CheckDefinition, availability: Availability): string | undefined {
  if (!profileAllows(availability.profile, check.profile)) return `profile:${check.profile}`;
  for (const route of check.routes ?? []) if (!availability.routes.has(route)) return `not_served:${route}`;
  for (const need of check.needs ?? []) if (!availability.has(need)) return NEED_REASONS[need] ?? `needs_${need}`;
  return undefined;
}
