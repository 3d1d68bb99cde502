/**
 * Names for the schemas that appear in an OpenAPI document as components. A schema file wraps a
 * resource schema in `named('Contact', ...)`, which only marks the schema: the document builder
 * finds the marked schemas reachable from its routes and events and makes each one
 * `#/components/schemas/<name>`, referenced wherever it is used. Nothing is registered anywhere
 * by importing a schema file.
 */
import type { z } from 'zod';

const COMPONENT_NAME = Symbol('switchboard.component');

export function named<T extends z.ZodType>(name: string, schema: T): T {
  Object.defineProperty(schema, COMPONENT_NAME, { value: name });
  return schema;
}

/** The component name a schema was marked with, if any. */
export function componentName(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const name = (schema as { [COMPONENT_NAME]?: unknown })[COMPONENT_NAME];
  return typeof name === 'string' ? name : undefined;
}

const BINARY = Symbol('switchboard.binary');

/** Marks a schema as a file part of a multipart body: documented as `{type: string, format: binary}`. */
export function binary<T extends z.ZodType>(schema: T): T {
  Object.defineProperty(schema, BINARY, { value: true });
  return schema;
}

export function isBinary(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && (schema as { [BINARY]?: unknown })[BINARY] === true;
}
