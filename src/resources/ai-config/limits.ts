/**
 * The AI configuration's numbers (8: "AI config"), in one place: the schemas describe them, the
 * rules (./rules.ts) apply them. Clamped values are corrected silently, as the portal does;
 * rejected ones answer 400 naming the field (4.11).
 */

/** Stated by 4.11 and 8. */
export const INSTRUCTIONS_MAX = 15_000;
export const WELCOME_MESSAGE_MAX = 500;
export const BATCH_WINDOW_MIN_MS = 5_000;
export const FIRST_DELAY_MINUTES = { min: 5, max: 60 } as const;
export const SECOND_DELAY_HOURS = { min: 1, max: 23 } as const;
export const STARTER_QUESTIONS_MAX = 4;
export const STARTER_QUESTION_MAX = 80;
export const CSAT_CUSTOM_MESSAGE_MAX = 500;
export const COMMENT_INSTRUCTIONS_MAX = 5_000;

/**
 * Our choices where 8 is silent (docs/decisions.md, "AI configuration"): the assistant's name is
 * clamped like the welcome message (4.11 names it among the clamped fields without a length), a
 * batch window past five minutes is clamped to five minutes (4.11 names the batch window among the
 * clamped values; audit 14b B5), and the free-text
 * fields the spec gives no length get generous bounds.
 */
export const NAME_MAX = 100;
export const BATCH_WINDOW_MAX_MS = 300_000;
export const WEBSITE_URL_MAX = 2_048;
export const PHONE_MAX = 50;
export const DM_MESSAGE_MAX = 1_000;
export const EXCLUDE_RULES_MAX = 100;
export const EXCLUDE_RULE_VALUE_MAX = 200;
