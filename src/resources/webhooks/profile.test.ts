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

  it('full is the data unchanged', () => {
    expect(applyProfile('message.received', data, 'full')).toBe(data);
  });

  it('minimal drops the text fields, including the per-event ones', () => {
    const minimal = applyProfile('message.received', data, 'minimal');
    expect(minimal).toEqual({
      conversation_id: 1,
      message: { id: 2, attachments: [{ url: 'https://cdn/x.png' }] },
      custom_fields: { favourite_colour: 'blue' },
    });
    expect(JSON.stringify(minimal)).not.toContain('secret');
    expect(data.text).toBe('secret'); // the journal's copy is untouched
  });

  it('keeps a generic name that is only text for some events', () => {
    expect(applyProfile('contact.field_changed', { key: 'notes', content: 'kept' }, 'minimal')).toEqual({ key: 'notes', content: 'kept' });
  });
});
