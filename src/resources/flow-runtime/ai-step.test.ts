/** The sandbox's ai_reply rules (pure): each goal's datum (what asks for a human: ../shared/human-request.test.ts). */
import { describe, expect, it } from 'vitest';
import { STATIC_CATALOGUE } from '../flows/catalogue.js';
import { ANSWERED_PHRASES, goalDatum, summaryOf } from './ai-step.js';

describe('goalDatum', () => {
  it('capture_leads: an email first, else a phone, valid as collect_input takes them', () => {
    expect(goalDatum('capture_leads', 'mail Ann@Mail.Acme.io. or call +1 555 010 2030')).toEqual({ kind: 'email', value: 'ann@mail.acme.io' });
    expect(goalDatum('capture_leads', 'call (555) 010-2030 please')).toEqual({ kind: 'phone', value: '5550102030' });
    expect(goalDatum('capture_leads', 'not@valid and 12 34')).toBeUndefined();
  });
  it('book_appointments: a YYYY-MM-DD HH:MM slot', () => {
    expect(goalDatum('book_appointments', 'how about 2026-12-02 10:00?')).toEqual({ kind: 'slot', date: '2026-12-02', time: '10:00' });
    expect(goalDatum('book_appointments', 'tomorrow at ten')).toBeUndefined();
  });
  it('qualify_prospects: an amount with a currency', () => {
    expect(goalDatum('qualify_prospects', 'budget $2,000 tops')).toEqual({ kind: 'budget', value: '$2,000' });
    expect(goalDatum('qualify_prospects', 'around 500 EUR')).toEqual({ kind: 'budget', value: '500 EUR' });
    expect(goalDatum('qualify_prospects', 'we have 3 people')).toBeUndefined();
  });
  it('answer_questions: the person says they are served', () => {
    expect(goalDatum('answer_questions', "Got it, that's all!")).toEqual({ kind: 'answered' });
    expect(goalDatum('answer_questions', 'thanksgiving hours?')).toBeUndefined();
  });
});

it('summaryOf names the goal, the turns and the way out', () => {
  expect(summaryOf('capture_leads', 1, { port: 'output_2', why: 'human' })).toBe('capture leads, 1 turn: the person asked for a human.');
  expect(summaryOf('qualify_prospects', 3, { port: 'output_2', why: 'turns' })).toBe('qualify prospects, 3 turns: goal not reached.');
  expect(summaryOf('answer_questions', 1, { port: 'output_2', why: 'muted' })).toBe('answer questions, 1 turn: the thread is with a person.');
  expect(summaryOf('capture_leads', 2, { port: 'output_1', datum: { kind: 'email', value: 'a@b.io' } })).toBe('capture leads, 2 turns: goal reached, email a@b.io captured.');
});

it('the catalogue names every word the goal rules use, so its description cannot drift from them', () => {
  const reached = STATIC_CATALOGUE.nodes.find((node) => node.type === 'ai_reply')!.outputs[0]!.description;
  // The catalogue writes "that's all" with its apostrophe.
  for (const phrase of ANSWERED_PHRASES.filter((phrase) => !phrase.startsWith('that'))) expect(reached).toContain(`"${phrase}"`);
  expect(reached).toContain('"that\'s all"');
  expect(reached).toContain('"that helps"');
});
