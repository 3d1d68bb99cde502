/**
 * Answers are judged with loose objects. The kit reuses the spec-as-code schemas, and some of
 * their objects are strict because they also judge request bodies (a comment trigger's buttons, a
 * flow definition's trigger, the overview's window): a request may not carry unknown keys, but
 * nothing in the spec forbids an answer from carrying more (2.1; a button `id` is the common
 * choice). So before judging an answer every strict object becomes loose, deep inside arrays,
 * unions, optionals and the rest. Records keep their key rules: a map keyed by an enum (by_channel,
 * metrics) names its keys, and an unknown one there is a departure.
 */
import { z } from 'zod';

type Def = Record<string, unknown> & { type: string };
type Schema = z.ZodType & { _zod: { def: Def }; clone(def: Def): z.ZodType };

const cache = new WeakMap<z.ZodType, z.ZodType>();

function isStrict(def: Def): boolean {
  const catchall = def['catchall'] as Schema | undefined;
  return catchall !== undefined && catchall._zod.def.type === 'never';
}

function mapShape(shape: Record<string, z.ZodType>): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, looseAnswer(value)]));
}

/** The same schema, with every strict object (at any depth) accepting unknown keys. */
export function looseAnswer<T extends z.ZodType>(schema: T): T {
  const known = cache.get(schema);
  if (known) return known as T;
  const node = schema as unknown as Schema;
  const def = node._zod.def;
  let out: z.ZodType = schema;
  switch (def.type) {
    case 'object':
      out = node.clone({ ...def, shape: mapShape(def['shape'] as Record<string, z.ZodType>), ...(isStrict(def) ? { catchall: z.unknown() } : {}) });
      break;
    case 'array':
    case 'set':
      out = node.clone({ ...def, element: looseAnswer(def['element'] as z.ZodType) });
      break;
    case 'union':
      out = node.clone({ ...def, options: (def['options'] as z.ZodType[]).map((option) => looseAnswer(option)) });
      break;
    case 'intersection':
      out = node.clone({ ...def, left: looseAnswer(def['left'] as z.ZodType), right: looseAnswer(def['right'] as z.ZodType) });
      break;
    case 'record':
    case 'map':
      out = node.clone({ ...def, valueType: looseAnswer(def['valueType'] as z.ZodType) });
      break;
    case 'tuple':
      out = node.clone({ ...def, items: (def['items'] as z.ZodType[]).map((item) => looseAnswer(item)) });
      break;
    case 'pipe':
      out = node.clone({ ...def, in: looseAnswer(def['in'] as z.ZodType), out: looseAnswer(def['out'] as z.ZodType) });
      break;
    case 'lazy': {
      const getter = def['getter'] as () => z.ZodType;
      out = node.clone({ ...def, getter: () => looseAnswer(getter()) });
      break;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'promise':
      out = node.clone({ ...def, innerType: looseAnswer(def['innerType'] as z.ZodType) });
      break;
    default:
      break;
  }
  cache.set(schema, out);
  return out as T;
}
