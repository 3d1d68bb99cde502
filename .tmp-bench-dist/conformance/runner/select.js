const PROFILE_RANK = { 'read-only': 0, safe: 1, full: 2 };
export function profileAllows(profile, least) {
    return PROFILE_RANK[profile] >= PROFILE_RANK[least];
}
export function inSections(clause, sections) {
    if (sections.length === 0)
        return true;
    return sections.some((section) => clause === section || clause.startsWith(`${section}.`));
}
export function selectChecks(checks, selection) {
    return checks.filter((check) => {
        if (selection.only.length > 0)
            return selection.only.includes(check.id);
        if (selection.level === 'spec' && check.level === 'assumption')
            return false;
        return inSections(check.clause, selection.sections);
    });
}
/** The skip reason, or undefined when the check can run. */
export function skipReason(check, availability) {
    if (!profileAllows(availability.profile, check.profile))
        return `profile:${check.profile}`;
    for (const route of check.routes ?? [])
        if (!availability.routes.has(route))
            return `not_served:${route}`;
    for (const need of check.needs ?? [])
        if (!availability.has(need))
            return `needs_${need.replace(':', '_')}`;
    return undefined;
}
//# sourceMappingURL=select.js.map