/**
 * The model-based sequences: fast-check generates command sequences (`fc.commands`), runs them
 * against the target and the kit's model (`fc.asyncModelRun`), and shrinks a failing sequence to
 * the shortest one that still fails. Each sequence works in its own namespace. Custom fields
 * cannot be deleted (4.3), so their sequence runs only in `full` and archives what it made.
 */
import fc from 'fast-check';
import type { CheckContext, CheckDefinition } from '../../runner/check.js';
import { perRun } from '../helpers.js';
import { AttachTag, CreateTag, DeleteContact, DeleteTag, DetachTag, GetContact, ListByTag, PatchContact, UpsertContact } from './commands.js';
import { ArchiveField, CreateField, SetValue, UnarchiveField } from './field-commands.js';
import { emptyModel, type ContactsModel, type FieldType } from './kit-model.js';
import { POOL_FIELD_TYPES, poolFieldKey } from '../../safety/tombstones.js';
import type { Real } from './real.js';

const handle = fc.constantFrom('c0', 'c1', 'c2');
const tag = fc.constantFrom('t0', 't1', 't2', 't3');
const stage = fc.option(fc.constantFrom('new', 'contacted', 'qualified', 'customer', 'lost'), { nil: undefined });
const color = fc.constantFrom('#22C55E', '#3B82F6', '#EF4444');

type ContactCommand = fc.Arbitrary<fc.AsyncCommand<ContactsModel, Real>>;

const contactCommands: ContactCommand[] = [
  fc.tuple(handle, fc.uniqueArray(tag, { maxLength: 3 }), stage).map(([h, t, s]) => new UpsertContact(h, t, s)),
  fc.tuple(handle, stage, fc.boolean()).map(([h, s, r]) => new PatchContact(h, s, r)),
  fc.tuple(handle, tag).map(([h, t]) => new AttachTag(h, t)),
  fc.tuple(handle, tag).map(([h, t]) => new DetachTag(h, t)),
  handle.map((h) => new GetContact(h)),
  handle.map((h) => new DeleteContact(h)),
  fc.tuple(tag, color).map(([t, c]) => new CreateTag(t, c)),
  tag.map((t) => new DeleteTag(t)),
  tag.map((t) => new ListByTag(t)),
];

/** The kit's pool fields, one per type (`sbc_pool_text`, ...): the sequences reuse them. */
const field = fc.constantFrom(...POOL_FIELD_TYPES);
const fieldCommands: ContactCommand[] = [
  fc.tuple(handle, fc.uniqueArray(tag, { maxLength: 1 }), stage).map(([h, t, s]) => new UpsertContact(h, t, s)),
  handle.map((h) => new GetContact(h)),
  fc.tuple(field, fc.constantFrom('text', 'number', 'date', 'boolean') as fc.Arbitrary<'text' | 'number' | 'date' | 'boolean'>).map(([f, t]) => new CreateField(f, t)),
  field.map((f) => new ArchiveField(f)),
  field.map((f) => new UnarchiveField(f)),
  fc.tuple(handle, field, fc.nat(1000), fc.constantFrom('right', 'right', 'wrong', 'clear') as fc.Arbitrary<'right' | 'wrong' | 'clear'>).map(
    ([h, f, n, m]) => new SetValue(h, f, n, m),
  ),
];

/** The model as the target holds the pool now, and how many other fields are active. */
async function startingPoint(ctx: CheckContext, key: string): Promise<{ model: ContactsModel; activeBefore: number }> {
  return ctx.setup('read the custom-field definitions', async () => {
    const definitions = await ctx.fields.definitions(key);
    const model = emptyModel();
    for (const name of POOL_FIELD_TYPES) {
      const found = definitions.get(poolFieldKey(name));
      if (found) model.fields.set(name, { id: found.id, type: found.type as FieldType, archived: found.archived });
    }
    const activeBefore = [...definitions.values()].filter((d) => !d.archived && !d.fieldKey.startsWith('sbc_pool_')).length;
    return { model, activeBefore };
  });
}

async function archiveAll(ctx: CheckContext, model: ContactsModel, key: string): Promise<void> {
  // Frees the active-field slots at once (the next sequence needs them) and leaves the pool archived.
  for (const field of model.fields.values()) {
    if (field.archived) continue;
    const response = await ctx.send({ method: 'PATCH', path: `/custom-fields/${field.id}`, key, body: { archived: true } });
    if (response.status === 200) ctx.fields.markArchived(field.id);
  }
}

export const sequenceChecks: CheckDefinition[] = [
  {
    id: 'contacts.model',
    title: 'Contacts and tags follow the model over generated command sequences',
    clause: '4.2',
    level: 'spec',
    group: 'contacts',
    profile: 'safe',
    routes: ['POST /contacts', 'GET /contacts', 'GET /contacts/{id}', 'PATCH /contacts/{id}', 'DELETE /contacts/{id}', 'POST /contacts/{id}/tags', 'DELETE /contacts/{id}/tags/{tag}', 'POST /tags', 'GET /tags', 'DELETE /tags/{id}'],
    cost: perRun(14),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      await ctx.fc.check(
        fc.asyncProperty(fc.commands(contactCommands, { maxCommands: 12, replayPath: ctx.fc.replayPath }), async (commands) => {
          const real: Real = { ctx, ns: ctx.name('m'), key, deleted: new Map(), activeBefore: 0 };
          await fc.asyncModelRun(() => ({ model: emptyModel(), real }), commands);
        }),
      );
    },
  },
  {
    id: 'custom-fields.model',
    title: 'Custom fields and contact values follow the model over generated command sequences',
    clause: '4.3',
    level: 'spec',
    group: 'contacts',
    profile: 'full',
    routes: ['POST /contacts', 'GET /contacts/{id}', 'PATCH /contacts/{id}', 'GET /custom-fields', 'POST /custom-fields', 'PATCH /custom-fields/{id}'],
    cost: perRun(14),
    async run(ctx) {
      const key = await ctx.keyFor('write');
      await ctx.fc.check(
        fc.asyncProperty(fc.commands(fieldCommands, { maxCommands: 12, replayPath: ctx.fc.replayPath }), async (commands) => {
          const { model, activeBefore } = await startingPoint(ctx, key);
          const real: Real = { ctx, ns: ctx.name('f'), key, deleted: new Map(), activeBefore };
          try {
            await fc.asyncModelRun(() => ({ model, real }), commands);
          } finally {
            await archiveAll(ctx, model, key);
          }
        }),
      );
    },
  },
];
