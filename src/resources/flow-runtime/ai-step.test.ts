/** The sandbox's ai_reply rules (pure): what asks for a human, and each goal's datum. */
import { describe, expect, it } from 'vitest';
import { STATIC_CATALOGUE } from '../flows/catalogue.js';
import { ANSWERED_PHRASES, asksForHuman, goalDatum, HUMAN_PHRASES, HUMAN_WORDS, summaryOf } from './ai-step.js';

describe('asksForHuman', () => {
  it.each(['Human please', 'any humans around?', 'AGENT', 'can I get an agent', 'a representative', 'operator!', 'a real person', 'a live person', 'let me talk to someone', 'Speak to someone now', 'customer service'])(
    'asks: %s',
    (text) => expect(asksForHuman(text)).toBe(true),
  );
  it.each(['humane treatment', 'agentic workflows', 'in person', 'someone told me', 'what service do you offer', ''])('does not ask: %s', (text) =>
    expect(asksForHuman(text)).toBe(false),
  );
});

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

it('the catalogue names every word the rules use, so its description cannot drift from them', () => {
  const ports = STATIC_CATALOGUE.nodes.find((node) => node.type === 'ai_reply')!.outputs;
  const [reached, gaveUp] = [ports[0]!.description, ports[1]!.description];
  // The catalogue writes plural pairs as "human(s)" and "that's all" with its apostrophe.
  for (const word of HUMAN_WORDS) expect(gaveUp).toContain(word.replace(/s$/, ''));
  for (const phrase of HUMAN_PHRASES) expect(gaveUp).toContain(`"${phrase}"`);
  for (const phrase of ANSWERED_PHRASES.filter((phrase) => !phrase.startsWith('that'))) expect(reached).toContain(`"${phrase}"`);
  expect(reached).toContain('"that\'s all"');
  expect(reached).toContain('"that helps"');
});
