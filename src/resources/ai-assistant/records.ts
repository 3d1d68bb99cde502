/**
 * What the sandbox's AI keeps between stimuli, in the store (so snapshots, restores and resets
 * carry it): its timers (a batched reply waiting for the batch window, a follow-up waiting for
 * its delay) and the threads it has greeted.
 */
import { z } from 'zod';
import type { Entity, IndexDefinitions } from '../../store/collection.js';
import type { RecordRules } from '../../store/rules.js';
import { EpochMs, storedRecord } from '../shared/schemas.js';

/** A reply waiting for its batch window, or the first or second follow-up waiting for its delay. */
export interface TimerRecord extends Entity {
  readonly conversation_id: number;
  readonly kind: 'reply' | 'followup';
  readonly due_ms: number;
  /**
   * A reply: with `step` 1, the batch's questions in the order asked, heard when the reply goes
   * out (audit 8, N2); with `step` 0 (a timer stored before), the answers already heard, each once.
   */
  readonly answers: readonly string[];
  /** A follow-up: 1 or 2. */
  readonly step: number;
}

export const timerRules: RecordRules<TimerRecord> = {
  schema: storedRecord({
    conversation_id: z.number().int().positive(),
    kind: z.enum(['reply', 'followup']),
    due_ms: EpochMs,
    answers: z.array(z.string().max(20_000)).max(100),
    step: z.number().int().min(0).max(2),
  }) as unknown as z.ZodType<TimerRecord>,
  sequence: 'ai_timer',
};

export const timerIndexes: IndexDefinitions<TimerRecord> = {
  conversation: { key: (row) => String(row.conversation_id) },
  all: { key: () => 'all' },
};

/** A thread the AI has already spoken in: its welcome is said (audit 8, N10). */
export interface GreetedRecord extends Entity {
  readonly conversation_id: number;
}

export const greetedRules: RecordRules<GreetedRecord> = {
  schema: storedRecord({ conversation_id: z.number().int().positive() }) as unknown as z.ZodType<GreetedRecord>,
  sequence: 'ai_greeted',
};

export const greetedIndexes: IndexDefinitions<GreetedRecord> = {
  conversation: { unique: true, key: (row) => String(row.conversation_id) },
};
