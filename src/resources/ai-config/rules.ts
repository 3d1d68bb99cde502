/**
 * How a PATCH /ai/config becomes the next configuration (4.11): plan gates, then the portal's
 * rejections (400 naming the field), its clamps, and the side rules (file handling forces
 * batching on, meeting invites need a calendar and force the email field, instructions written
 * through the API become `manual`). Pure: the model stores the result and publishes starters.
 *
 * The clamps and rejections are one object of small functions (`ConfigRules`) so that a mutant
 * (./mutants.ts) can break exactly one of them.
 */
import { ApiError, invalidParam } from '../../core/errors.js';
// Characters are code points, not UTF-16 units: an emoji is one, as the portal counts.
import { charCount, cutChars } from '../shared/characters.js';
import {
  BATCH_WINDOW_MAX_MS,
  BATCH_WINDOW_MIN_MS,
  COMMENT_INSTRUCTIONS_MAX,
  CSAT_CUSTOM_MESSAGE_MAX,
  FIRST_DELAY_MINUTES,
  INSTRUCTIONS_MAX,
  NAME_MAX,
  SECOND_DELAY_HOURS,
  STARTER_QUESTION_MAX,
  STARTER_QUESTIONS_MAX,
  WELCOME_MESSAGE_MAX,
} from './limits.js';
import { AI_FEATURES, type AiFeature } from './plans.js';
import type { PatchAiConfig } from './schemas.js';
import type { StoredAiConfig } from './state.js';

export interface ConfigRules {
  /** Clamped (4.11). */
  name(value: string): string;
  welcomeMessage(value: string): string;
  batchWindow(ms: number): number;
  /** Refused with 400 naming the field (4.11). */
  instructions(value: string): void;
  firstDelay(minutes: number): void;
  secondDelay(hours: number): void;
  starterQuestions(platform: 'instagram' | 'facebook', questions: readonly string[]): void;
  csatMessage(value: string | null): void;
  commentInstructions(value: string): void;
}

function outOfRange(param: string, value: number, range: { min: number; max: number }, unit: string): ApiError {
  return invalidParam(param, `${param} must be ${range.min} to ${range.max} ${unit}; got ${value}.`);
}

export function createConfigRules(): ConfigRules {
  return {
    name: (value) => cutChars(value, NAME_MAX),
    welcomeMessage: (value) => cutChars(value, WELCOME_MESSAGE_MAX),
    batchWindow: (ms) => Math.min(Math.max(ms, BATCH_WINDOW_MIN_MS), BATCH_WINDOW_MAX_MS),
    instructions(value) {
      if (charCount(value) > INSTRUCTIONS_MAX) {
        throw invalidParam('identity.instructions', `identity.instructions is limited to ${INSTRUCTIONS_MAX} characters; got ${charCount(value)}.`);
      }
    },
    firstDelay(minutes) {
      if (minutes < FIRST_DELAY_MINUTES.min || minutes > FIRST_DELAY_MINUTES.max) {
        throw outOfRange('followups.first_delay_minutes', minutes, FIRST_DELAY_MINUTES, 'minutes');
      }
    },
    secondDelay(hours) {
      if (hours < SECOND_DELAY_HOURS.min || hours > SECOND_DELAY_HOURS.max) {
        throw outOfRange('followups.second_delay_hours', hours, SECOND_DELAY_HOURS, 'hours');
      }
    },
    starterQuestions(platform, questions) {
      const param = `starters.${platform}.questions`;
      if (questions.length > STARTER_QUESTIONS_MAX) {
        throw invalidParam(param, `${param} takes at most ${STARTER_QUESTIONS_MAX} questions; got ${questions.length}.`);
      }
      questions.forEach((question, index) => {
        if (question.trim() === '') throw invalidParam(`${param}.${index}`, `${param}.${index} is empty.`);
        if (charCount(question) > STARTER_QUESTION_MAX) {
          throw invalidParam(`${param}.${index}`, `Each starter question is limited to ${STARTER_QUESTION_MAX} characters; question ${index} has ${charCount(question)}.`);
        }
      });
    },
    csatMessage(value) {
      if (value !== null && charCount(value) > CSAT_CUSTOM_MESSAGE_MAX) {
        throw invalidParam('csat.custom_message', `csat.custom_message is limited to ${CSAT_CUSTOM_MESSAGE_MAX} characters; got ${charCount(value)}.`);
      }
    },
    commentInstructions(value) {
      if (charCount(value) > COMMENT_INSTRUCTIONS_MAX) {
        throw invalidParam('comment_ai.instructions', `comment_ai.instructions is limited to ${COMMENT_INSTRUCTIONS_MAX} characters; got ${charCount(value)}.`);
      }
    },
  };
}

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `base` with every field `patch` sends; nested objects merge, arrays are replaced whole. */
export function merge<T>(base: T, patch: unknown): T {
  if (!isPlain(patch) || !isPlain(base)) return base;
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = isPlain(value) && isPlain(out[key]) ? merge(out[key], value) : value;
  }
  return out as T;
}

/** True when the PATCH writes at least one field of the section. */
function writes(patch: PatchAiConfig, section: keyof PatchAiConfig): boolean {
  const value = patch[section];
  return isPlain(value) && Object.values(value).some((field) => field !== undefined);
}

export interface PatchContext {
  readonly features: Readonly<Record<AiFeature, boolean>>;
  readonly calendarConnected: boolean;
}

/**
 * The configuration after `patch`, or the first error it meets (nothing is applied then: the
 * caller stores only what this returns). Order: plan gates (403), rejections (400), clamps, side
 * rules.
 */
export function applyPatch(current: StoredAiConfig, patch: PatchAiConfig, rules: ConfigRules, context: PatchContext): StoredAiConfig {
  for (const feature of AI_FEATURES) {
    if (writes(patch, feature) && !context.features[feature]) {
      throw new ApiError('feature_unavailable', `The account's plan does not include ${feature}.`, { param: feature });
    }
  }

  const { identity, behavior, starters, followups, csat, comment_ai, booking } = patch;
  if (identity?.instructions !== undefined) rules.instructions(identity.instructions);
  if (followups?.first_delay_minutes !== undefined) rules.firstDelay(followups.first_delay_minutes);
  if (followups?.second_delay_hours !== undefined) rules.secondDelay(followups.second_delay_hours);
  if (starters?.instagram?.questions !== undefined) rules.starterQuestions('instagram', starters.instagram.questions);
  if (starters?.facebook?.questions !== undefined) rules.starterQuestions('facebook', starters.facebook.questions);
  if (csat?.custom_message !== undefined) rules.csatMessage(csat.custom_message);
  if (comment_ai?.instructions !== undefined) rules.commentInstructions(comment_ai.instructions);
  if (booking?.google_meet_invites === true && !context.calendarConnected) {
    throw invalidParam('booking.google_meet_invites', 'Google Meet invites need a connected calendar; connect one first.');
  }

  const next = merge(current, {
    ...patch,
    identity: identity && {
      ...identity,
      ...(identity.name !== undefined ? { name: rules.name(identity.name) } : {}),
      ...(identity.welcome_message !== undefined ? { welcome_message: rules.welcomeMessage(identity.welcome_message) } : {}),
      ...(identity.instructions !== undefined ? { instructions_source: 'manual' } : {}),
    },
    behavior: behavior && {
      ...behavior,
      ...(behavior.batch_window_ms !== undefined ? { batch_window_ms: rules.batchWindow(behavior.batch_window_ms) } : {}),
      ...(behavior.goals !== undefined ? { goals: [...new Set(behavior.goals)] } : {}),
    },
  });
  if (starters !== undefined) checkStartersHaveQuestions(next.starters);
  return withSideRules(next);
}

/** Starters that are on must have questions (Facebook's Get Started button excepted). */
export function checkStartersHaveQuestions(starters: StoredAiConfig['starters']): void {
  if (starters.instagram.enabled && starters.instagram.questions.length === 0) {
    throw invalidParam('starters.instagram.questions', 'Instagram starters are enabled without questions; add at least one.');
  }
  const { facebook } = starters;
  if (facebook.enabled && facebook.mode === 'ice_breakers' && facebook.questions.length === 0) {
    throw invalidParam('starters.facebook.questions', 'Facebook ice breakers are enabled without questions; add at least one.');
  }
}

/**
 * File handling keeps batching on. (Meeting invites require the email without changing what the
 * owner stored: the model's `bookingOf` applies that rule when it reads the settings.)
 */
export function withSideRules(config: StoredAiConfig): StoredAiConfig {
  if (config.file_handling.enabled && !config.behavior.batch_messages) return { ...config, behavior: { ...config.behavior, batch_messages: true } };
  return config;
}
