/**
 * Forms as plain data and a reducer: the targets screen's "add target", the sandbox panel's
 * powers (generated from the control plane's own OpenAPI document), the console's path
 * parameter prompts. Tab/arrows move between fields, left/right cycle a choice, typing edits.
 */
import { editText, suggestedText, textOf, type TextState } from './text.js';
import type { KeyLike } from './list.js';
import { fieldsOf, type OpenApiLike } from '../data/openapi.js';

export type FieldKind = 'text' | 'secret' | 'number' | 'choice' | 'json';

export interface FieldSpec {
  readonly name: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly required?: boolean;
  /** For `choice`: the values to cycle through ('' = not sent, for optional ones). */
  readonly options?: readonly string[];
  readonly initial?: string;
  readonly help?: string;
}

export interface FormState {
  readonly title: string;
  readonly fields: readonly FieldSpec[];
  readonly values: readonly TextState[];
  readonly focus: number;
  readonly error?: string;
}

/**
 * A pre-filled value is a suggestion, as in the prompts: the first typed character replaces it,
 * a cursor key keeps it to edit (a URL typed into "Base URL" was appended to the default, 17tui T3).
 */
export function createForm(title: string, fields: readonly FieldSpec[]): FormState {
  const start = (field: FieldSpec): TextState => (field.kind === 'choice' ? textOf(field.initial ?? field.options?.[0] ?? '') : suggestedText(field.initial ?? ''));
  return { title, fields, values: fields.map(start), focus: 0 };
}

export type FormOutcome = 'submit' | 'cancel' | undefined;

/** One key; returns the new state and whether the form was submitted or cancelled. */
export function formKey(state: FormState, input: string, key: KeyLike): { state: FormState; outcome: FormOutcome } {
  if (key.escape) return { state, outcome: 'cancel' };
  if (key.return) return { state, outcome: 'submit' };
  const count = state.fields.length;
  if (key.tab || key.downArrow) return { state: { ...state, focus: (state.focus + (key.shift ? count - 1 : 1)) % count }, outcome: undefined };
  if (key.upArrow) return { state: { ...state, focus: (state.focus + count - 1) % count }, outcome: undefined };
  const field = state.fields[state.focus]!;
  if (field.kind === 'choice') {
    const options = field.options ?? [];
    const current = options.indexOf(state.values[state.focus]!.value);
    let next = current;
    if (key.rightArrow || input === ' ') next = (current + 1) % options.length;
    else if (key.leftArrow) next = (current + options.length - 1) % options.length;
    else return { state, outcome: undefined };
    return { state: withValue(state, state.focus, textOf(options[next] ?? '')), outcome: undefined };
  }
  return { state: withValue(state, state.focus, editText(state.values[state.focus]!, input, key)), outcome: undefined };
}

function withValue(state: FormState, index: number, value: TextState): FormState {
  return { ...state, values: state.values.map((current, i) => (i === index ? value : current)), error: undefined };
}

export function formError(state: FormState, error: string): FormState {
  return { ...state, error };
}

export function valueOf(state: FormState, name: string): string {
  const index = state.fields.findIndex((field) => field.name === name);
  return index < 0 ? '' : state.values[index]!.value.trim();
}

/**
 * The form as a JSON body: empty optional fields are left out, numbers and JSON parsed, choices
 * sent as text (`true`/`false` become booleans). Throws with the field's label on bad input.
 */
export function formBody(state: FormState): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  state.fields.forEach((field, index) => {
    const text = state.values[index]!.value.trim();
    if (text === '') {
      if (field.required) throw new Error(`${field.label} is required`);
      return;
    }
    switch (field.kind) {
      case 'number': {
        const value = Number(text);
        if (!Number.isFinite(value)) throw new Error(`${field.label} must be a number`);
        body[field.name] = value;
        return;
      }
      case 'json':
        try {
          body[field.name] = JSON.parse(text);
        } catch {
          throw new Error(`${field.label} must be JSON, e.g. ["a","b"] or {"k":1}`);
        }
        return;
      case 'choice':
        body[field.name] = text === 'true' ? true : text === 'false' ? false : text;
        return;
      default:
        body[field.name] = text;
    }
  });
  return body;
}

/** A form for a request body schema of the target's OpenAPI document. */
export function fieldsFromSchema(document: OpenApiLike, schema: unknown, initial: Readonly<Record<string, string>> = {}): FieldSpec[] {
  return fieldsOf(document, schema).map((field): FieldSpec => {
    const base = { name: field.name, label: field.name, required: field.required, ...(field.description ? { help: field.description } : {}) };
    const start = initial[field.name] ?? (field.default !== undefined ? String(field.default) : undefined);
    if (field.enum) {
      const options = field.enum.map(String);
      return { ...base, kind: 'choice', options: field.required ? options : ['', ...options], ...(start !== undefined ? { initial: start } : {}) };
    }
    if (field.type === 'boolean') return { ...base, kind: 'choice', options: field.required ? ['true', 'false'] : ['', 'true', 'false'], ...(start !== undefined ? { initial: start } : {}) };
    const kind: FieldKind = field.type === 'integer' || field.type === 'number' ? 'number' : field.type === 'string' ? 'text' : 'json';
    return { ...base, kind, ...(start !== undefined ? { initial: start } : {}) };
  });
}
