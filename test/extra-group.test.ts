/**
 * Adding a group is one folder and one registry line (docs/architecture.md): a small group
 * composed here, with no edit anywhere else, brings its routes, seed section, events, sandbox
 * power, mutant and OpenAPI entries with it. And a registry out of need order fails at start-up,
 * naming the groups.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../src/core/errors.js';
import { hook } from '../src/core/hooks.js';
import { created, listResult } from '../src/core/route.js';
import { powersFor } from '../src/control/power.js';
import { defineGroup, routesFor, seedFor, type GroupContext } from '../src/groups/define.js';
import { RegistryError } from '../src/groups/compose.js';
import { defineEvent } from '../src/groups/events.js';
import type { CoreServices } from '../src/groups/services.js';
import { contactsGroup } from '../src/resources/contacts/index.js';
import type { ContactsModel } from '../src/resources/contacts/model.js';
import { registry } from '../src/resources/index.js';
import { tagsGroup } from '../src/resources/tags/index.js';
import type { Entity } from '../src/store/collection.js';
import { createSimulator } from '../src/simulator.js';
import { silentLogger } from '../src/core/logger.js';

interface NoteRecord extends Entity {
  readonly contact_id: number;
  readonly text: string;
  readonly pinned: boolean;
}

const Note = z.object({ id: z.number().int(), contact_id: z.number().int(), text: z.string(), pinned: z.boolean() });

function createNotesModel(core: CoreServices, needs: { contacts: ContactsModel }) {
  const notes = core.store.define<NoteRecord>('notes');
  const present = (note: NoteRecord) => ({ id: note.id, contact_id: note.contact_id, text: note.text, pinned: note.pinned });
  const model = {
    present,
    list: (accountId: number) => [...notes.ofAccount(accountId)].map(present),
    add(accountId: number, contactId: number, text: string): NoteRecord {
      const note = model.seed(accountId, contactId, text);
      core.events.emit(accountId, 'note.added', { note: present(note) });
      return note;
    },
    /** Seeds describe a starting state: no event. */
    seed(accountId: number, contactId: number, text: string): NoteRecord {
      needs.contacts.get(accountId, contactId);
      return notes.insert({ id: core.store.nextId('note'), account_id: accountId, contact_id: contactId, text, pinned: false });
    },
    pin(accountId: number, id: number): NoteRecord {
      const note = notes.getOwned(accountId, id);
      if (!note) throw new ApiError('not_found', 'No such note.');
      return notes.update(note.id, { pinned: true });
    },
  };
  return model;
}
type NotesModel = ReturnType<typeof createNotesModel>;

const route = routesFor<NotesModel>();
const power = powersFor<GroupContext<NotesModel>>();

const notesGroup = defineGroup({
  name: 'notes',
  description: 'Notes on contacts (a group composed by a test).',
  needs: [contactsGroup],
  model: ({ core, needs }) => createNotesModel(core, needs),
  routes: [
    route({
      operationId: 'listNotes',
      method: 'GET',
      path: '/notes',
      tag: 'Notes',
      summary: 'Every note',
      section: 'test',
      scope: 'read',
      scopeSource: 'assumption',
      list: { defaultLimit: 0, wholeSet: true },
      success: { statuses: [200], schema: Note, envelope: 'list' },
      handler: ({ caller }, { model }) => listResult({ data: model.list(caller.accountId), has_more: false, next_cursor: null }),
    }),
    route({
      operationId: 'addNote',
      method: 'POST',
      path: '/notes',
      tag: 'Notes',
      summary: 'Add a note to a contact',
      section: 'test',
      scope: 'write',
      scopeSource: 'assumption',
      body: z.strictObject({ contact_id: z.number().int(), text: z.string().min(1) }),
      success: { statuses: [201], schema: Note, envelope: 'data' },
      handler: ({ caller, body }, { model }) => created(model.present(model.add(caller.accountId, body.contact_id, body.text))),
    }),
  ],
  events: [defineEvent('note.added', 'A note was added.', 'assumption', z.object({ note: Note }))],
  seed: seedFor<NotesModel>()({
    fields: { notes: z.array(z.strictObject({ contact: z.number().int(), text: z.string() })).optional() },
    defaults: { '1': { notes: [{ contact: 1, text: 'Prefers email' }] } },
    apply: ({ model, accountId, at }, { notes }) => {
      (notes ?? []).forEach((note, index) => at(['notes', index], () => model.seed(accountId, note.contact, note.text)));
    },
  }),
  sandbox: {
    pinNote: power.account({
      operationId: 'sandboxPinNote',
      method: 'POST',
      path: '/notes/{id}/pin',
      summary: 'Pin a note',
      params: z.object({ id: z.string().regex(/^\d+$/).transform(Number) }),
      output: Note,
      run: ({ accountId, params }, { model }) => model.present(model.pin(accountId, params.id)),
    }),
  },
  mutants: {
    notes_unpinnable: {
      description: 'Pinning a note leaves it unpinned.',
      install: ({ model }) => {
        const pin = model.pin;
        model.pin = (accountId, id) => {
          const note = pin(accountId, id);
          return { ...note, pinned: false };
        };
        return () => {
          model.pin = pin;
        };
      },
    },
  },
});

describe('a group composed with no other edit', () => {
  const sim = createSimulator({ groups: [...registry, notesGroup], logger: silentLogger, rateLimit: 'off' });
  const key = sim.accounts[0]!.keys.full!;

  it('serves its routes, with its seed section loaded', async () => {
    const list = await sim.request({ path: '/notes', key });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ data: [{ contact_id: 1, text: 'Prefers email', pinned: false }] });
    const add = await sim.request({ method: 'POST', path: '/notes', key, body: { contact_id: 2, text: 'VIP' } });
    expect(add.status).toBe(201);
  });

  it('emits its events into the journal and the catalogue', async () => {
    const events = sim.sandbox.events(1, { type: 'note.added' });
    expect(events.map((event) => event.data)).toEqual([{ note: expect.objectContaining({ text: 'VIP' }) }]);
    expect(sim.openapi()['x-webhook-events']).toContain('note.added');
    expect(sim.openapi().webhooks?.['note.added']).toBeDefined();
  });

  it('exposes its sandbox power as a typed function and as a /_sandbox route', async () => {
    const pinned = sim.sandbox.pinNote(1, 1);
    expect(pinned).toMatchObject({ id: 1, pinned: true });
    const viaHttp = await sim.request({ method: 'POST', path: '/_sandbox/notes/1/pin', key });
    expect(viaHttp.status).toBe(200);
    expect((sim.controlOpenapi().paths ?? {})['/notes/{id}/pin']?.post?.operationId).toBe('sandboxPinNote');
  });

  it('documents its routes in /openapi.json', async () => {
    const doc = (await sim.request({ path: '/openapi.json' })).body as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.paths['/notes']?.['get']?.operationId).toBe('listNotes');
    expect(doc.paths['/notes']?.['post']?.operationId).toBe('addNote');
  });

  it('offers its mutant to the conformance kit', async () => {
    const mutants = await sim.request({ path: '/_sandbox/mutants', headers: { 'X-Sandbox-Token': sim.controlToken } });
    expect((mutants.body as { data: { available: Record<string, string> } }).data.available).toHaveProperty('notes_unpinnable');
    sim.sandbox.setMutants(['notes_unpinnable']);
    expect(sim.sandbox.pinNote(1, 1)).toMatchObject({ pinned: false });
    sim.sandbox.setMutants([]);
    expect(sim.sandbox.pinNote(1, 1)).toMatchObject({ pinned: true });
  });

  it('resets with everything else', async () => {
    sim.reset();
    const list = await sim.request({ path: '/notes', key });
    expect((list.body as { data: unknown[] }).data).toHaveLength(1);
  });
});

describe('the registry is ordered by need, checked at start-up', () => {
  const lonely = defineGroup({ name: 'lonely', description: 'Needs notes.', needs: [notesGroup], model: () => ({}) });
  const loopA: ReturnType<typeof defineGroup> = defineGroup({
    name: 'loopA',
    description: 'Half of a circle.',
    needs: [tagsGroup],
    hooks: { nothing: hook<[]>() },
    model: () => ({}),
  });

  it('names a missing need', () => {
    expect(() => createSimulator({ groups: [...registry, lonely] })).toThrow(new RegistryError('Group lonely needs notes, which is not in the registry.'));
  });

  it('names a misordered need', () => {
    expect(() => createSimulator({ groups: [contactsGroup, ...registry.filter((group) => group !== contactsGroup)] })).toThrow(
      /Group contacts needs tags, which comes after it: list tags first\./,
    );
  });

  it('names a circle of needs', () => {
    const circular = { ...loopA, needs: [] as typeof loopA.needs[number][] };
    const other = { ...loopA, name: 'loopB', needs: [circular] };
    (circular.needs as unknown[]).push(other);
    expect(() => createSimulator({ groups: [...registry, circular, other] })).toThrow(/Circular need: loopA -> loopB -> loopA\./);
  });

  it('names two groups with one name', () => {
    expect(() => createSimulator({ groups: [...registry, tagsGroup] })).toThrow(/Two groups are named tags\./);
  });
});
