/**
 * Which checks a run includes, and why the included ones that cannot run are skipped. Checks
 * outside the chosen sections or level are left out of the report altogether; checks that the
 * profile, the keys or the target rule out are reported as skipped with the reason.
 */
import type { LevelSelection, Profile } from '../types.js';
import type { CheckDefinition, Need } from './check.js';
export declare function profileAllows(profile: Profile, least: Profile): boolean;
export declare function inSections(clause: string, sections: readonly string[]): boolean;
export interface Selection {
    readonly sections: readonly string[];
    readonly only: readonly string[];
    readonly level: LevelSelection;
}
export declare function selectChecks(checks: readonly CheckDefinition[], selection: Selection): CheckDefinition[];
export interface Availability {
    readonly profile: Profile;
    readonly routes: ReadonlySet<string>;
    readonly has: (need: Need) => boolean;
}
/** The skip reason, or undefined when the check can run. */
export declare function skipReason(check: CheckDefinition, availability: Availability): string | undefined;
