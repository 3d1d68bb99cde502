/**
 * Which checks a run includes, and why the included ones that cannot run are skipped. Checks
 * outside the chosen sections or level are left out of the report altogether; checks that the
 * profile, the keys or the target rule out are reported as skipped with the reason.
 */
import type { LevelSelection, Profile } from '../types.js';
import type { CheckDefinition, Need } from './check.js';

const PROFILE_RANK: Record<Profile, number> = { 'read-only': 0, safe: 1, full: 2 };

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

export interface Availability {
  readonly profile: Profile;
  readonly routes: ReadonlySet<string>;
  readonly has: (need: Need) => boolean;
}

/** The skip reason, or undefined when the check can run. */
export function skipReason(check: CheckDefinition, availability: Availability): string | undefined {
  if (!profileAllows(availability.profile, check.profile)) return `profile:${check.profile}`;
  for (const route of check.routes ?? []) if (!availability.routes.has(route)) return `not_served:${route}`;
  for (const need of check.needs ?? []) if (!availability.has(need)) return `needs_${need}`;
  return undefined;
}
