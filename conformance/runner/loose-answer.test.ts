import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CommentTrigger } from '../../src/resources/comment-triggers/schemas.js';
import { looseAnswer } from './loose-answer.js';

const Button = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), response: z.string() }),
  z.strictObject({ type: z.literal('url'), url: z.string() }),
]);
const Answer = z
  .object({ buttons: z.array(Button).min(1), by_channel: z.record(z.enum(['sms', 'email']), z.number()), window: z.strictObject({ days: z.number() }).nullable().optional() })
  .refine((value) => value.buttons.length < 3, 'at most two buttons');

describe('looseAnswer: answers may carry keys the request schemas refuse', () => {
  const loose = looseAnswer(Answer);
  it('accepts an extra key on a strict object inside arrays, unions and optionals', () => {
    expect(loose.safeParse({ buttons: [{ type: 'url', url: 'https://x', id: 'btn_1' }], by_channel: { sms: 1, email: 2 }, window: { days: 7, label: 'week' } }).success).toBe(true);
  });
  it('still refuses an unknown key in a map keyed by an enum', () => {
    const result = loose.safeParse({ buttons: [{ type: 'text', response: 'ok' }], by_channel: { sms: 1, email: 2, fax: 3 } });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['by_channel']);
  });
  it('keeps every other rule: refinements, missing fields, the discriminator', () => {
    const three = Array.from({ length: 3 }, () => ({ type: 'text', response: 'ok' }));
    expect(loose.safeParse({ buttons: three, by_channel: { sms: 1, email: 2 } }).success).toBe(false);
    expect(loose.safeParse({ buttons: [{ type: 'url' }], by_channel: { sms: 1, email: 2 } }).success).toBe(false);
    expect(loose.safeParse({ buttons: [{ type: 'phone', url: 'x' }], by_channel: { sms: 1, email: 2 } }).success).toBe(false);
  });
  it('leaves the schema it was given strict (requests are still judged strictly)', () => {
    expect(Answer.safeParse({ buttons: [{ type: 'url', url: 'https://x', id: 'btn_1' }], by_channel: { sms: 1, email: 2 } }).success).toBe(false);
    expect(looseAnswer(CommentTrigger)).toBe(looseAnswer(CommentTrigger));
  });
});
