/** The minimal payload profile leaves message text out at any depth and keeps everything else. */
import { describe, expect, it } from 'vitest';
import { applyProfile } from './profile.js';

describe('applyProfile', () => {
  const data = {
    conversation_id: 1,
    text: 'secret',
    message: { id: 2, body: 'secret', content: 'secret', attachments: [{ caption: 'secret', url: 'https://cdn/x.png' }] },
    custom_fields: { favourite_colour: 'blue' },
  };

  /** What message.received declares beside the common names (inbound/events.ts). */
  const received = ['content', 'attachments_text'];

  it('full is the data unchanged', () => {
    expect(applyProfile(data, 'full', received)).toBe(data);
  });

  it('minimal drops the text fields, including the per-event ones', () => {
    const minimal = applyProfile(data, 'minimal', received);
    expect(minimal).toEqual({
      conversation_id: 1,
      message: { id: 2, attachments: [{ url: 'https://cdn/x.png' }] },
      custom_fields: { favourite_colour: 'blue' },
    });
    expect(JSON.stringify(minimal)).not.toContain('secret');
    expect(data.text).toBe('secret'); // the journal's copy is untouched
  });

  it('keeps a generic name that is only text for some events', () => {
    expect(applyProfile({ key: 'notes', content: 'kept' }, 'minimal')).toEqual({ key: 'notes', content: 'kept' });
  });

  it('matches text field names in any letter case', () => {
    const minimal = applyProfile({ Text: 'secret', MESSAGE: { Body: 'secret', Content: 'secret', id: 1 } }, 'minimal', received);
    expect(minimal).toEqual({ MESSAGE: { id: 1 } });
  });
});
