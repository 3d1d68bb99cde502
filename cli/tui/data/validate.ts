/**
 * Checks a console body against the operation's request schema before it is sent (ajv, JSON
 * Schema 2020-12, the dialect of OpenAPI 3.1), so a support person sees "body.channel: must be
 * one of sms, whatsapp..." instead of spending a request on a 400.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import type { OpenApiLike } from './openapi.js';

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;

export interface BodyProblem {
  /** `body`, `body.channel`, `body.tags[0]`. */
  readonly path: string;
  readonly message: string;
}

export class BodyValidator {
  private readonly ajv: InstanceType<typeof Ajv2020>;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(document: OpenApiLike) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    this.ajv.addSchema({ $id: 'doc', components: document.components ?? {} });
  }

  /** Parses the text and validates it; an empty text is "no body". */
  check(text: string, schema: unknown, required: boolean): BodyProblem[] {
    if (text.trim() === '') return required ? [{ path: 'body', message: 'this operation needs a JSON body' }] : [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return [{ path: 'body', message: `not JSON: ${error instanceof Error ? error.message : String(error)}` }];
    }
    if (schema === undefined) return [];
    const validate = this.compile(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 8).map((error) => {
      const where = error.instancePath
        .split('/')
        .slice(1)
        .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part.replace(/~1/g, '/').replace(/~0/g, '~')}`))
        .join('');
      const params = error.params as { additionalProperty?: string; allowedValues?: unknown[]; missingProperty?: string };
      const message =
        error.keyword === 'additionalProperties' ? `unknown field ${params.additionalProperty}`
        : error.keyword === 'enum' ? `must be one of ${(params.allowedValues ?? []).join(', ')}`
        : error.keyword === 'required' ? `${params.missingProperty} is required`
        : (error.message ?? 'is not valid');
      return { path: `body${where}`, message };
    });
  }

  private compile(schema: unknown): ValidateFunction {
    const key = JSON.stringify(schema);
    let validate = this.cache.get(key);
    if (!validate) {
      // References point into the document's components, added once under the id `doc`.
      const rewritten = JSON.parse(key.replace(/"\$ref":"#\//g, '"$ref":"doc#/')) as object;
      validate = this.ajv.compile(rewritten);
      this.cache.set(key, validate);
    }
    return validate;
  }
}
