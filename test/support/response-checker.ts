/**
 * The simulator checks itself: every response seen in a test is validated against the response
 * schema that `/openapi.json` documents for that operation and status (ajv, JSON Schema 2020-12).
 * An undocumented status, a body that does not match, or any 5xx fails the test.
 */
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import type { OpenApiDocument } from '../../src/openapi/build.js';
import type { SimResponse } from '../../src/core/types.js';

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;

interface OperationMatcher {
  readonly method: string;
  readonly pattern: RegExp;
  readonly params: number;
  readonly responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  readonly requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  readonly template: string;
}

export class ResponseChecker {
  private readonly ajv: InstanceType<typeof Ajv2020>;
  private readonly operations: OperationMatcher[] = [];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument, private readonly basePath = '/api/v1') {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    this.ajv.addSchema({ $id: 'doc', components: document.components ?? {} });
    for (const [template, item] of Object.entries(document.paths ?? {})) {
      for (const method of ['get', 'post', 'patch', 'delete'] as const) {
        const operation = (item as Record<string, unknown>)[method] as OperationMatcher['responses'] | undefined;
        if (!operation) continue;
        const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+');
        this.operations.push({
          method: method.toUpperCase(),
          pattern: new RegExp(`^${source}/?$`),
          params: (template.match(/\{/g) ?? []).length,
          responses: (operation as unknown as { responses: OperationMatcher['responses'] }).responses,
          requestBody: (operation as unknown as { requestBody?: OperationMatcher['requestBody'] }).requestBody,
          template,
        });
      }
    }
    // Static segments rank above parameters, as in the router.
    this.operations.sort((a, b) => a.params - b.params);
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `doc${ref}` });
      this.validators.set(ref, validate);
    }
    return validate;
  }

  /**
   * Throws with a readable reason when a JSON request body departs from the documented request
   * body of its operation (the docs' curl examples: what a validating proxy would refuse).
   */
  checkRequestBody(method: string, path: string, body: unknown): void {
    const where = `${method} ${path}`;
    const relative = path.startsWith(this.basePath) ? path.slice(this.basePath.length) : undefined;
    const operation = relative === undefined ? undefined : this.operations.find((op) => op.method === method.toUpperCase() && op.pattern.test(relative));
    if (!operation) throw new Error(`${where}: no documented operation`);
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    if (schema === undefined) throw new Error(`${where}: the operation documents no JSON request body`);
    const key = `request ${operation.method} ${operation.template}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(typeof schema['$ref'] === 'string' ? { $ref: `doc${schema['$ref']}` } : schema);
      this.validators.set(key, validate);
    }
    if (!validate(body)) throw new Error(`${where}: request body departs from the document: ${this.ajv.errorsText(validate.errors)}`);
  }

  /** Throws with a readable reason when the response departs from the document. */
  check(method: string, path: string, response: SimResponse, options: { armedServerError?: boolean } = {}): void {
    const where = `${method} ${path} -> ${response.status}`;
    // A 500 is a defect unless the test armed it (POST /_sandbox/server-errors); then it is checked
    // like any documented status. Another 5xx (503 from POST /messages) must be documented below.
    if (response.status === 500 && options.armedServerError !== true) throw new Error(`${where}: server error ${JSON.stringify(response.body)}`);
    const bare = path.split('?')[0]!;
    const relative = bare.startsWith(this.basePath) ? bare.slice(this.basePath.length) : undefined;
    const operation =
      relative === undefined
        ? undefined
        : this.operations.find((op) => op.method === method.toUpperCase() && op.pattern.test(relative));
    if (!operation) {
      if (response.status >= 500) throw new Error(`${where}: server error ${JSON.stringify(response.body)}`);
      // Outside the documented API (unknown path, 405, control plane): errors must still be enveloped.
      if (response.status >= 400) this.checkAgainst('#/components/schemas/Error', where, response.body);
      return;
    }
    const documented = operation.responses[String(response.status)];
    if (!documented) {
      if (response.status === 404 || response.status === 405) {
        this.checkAgainst('#/components/schemas/Error', where, response.body);
        return;
      }
      throw new Error(`${where}: status not documented for ${method} ${operation.template}`);
    }
    const ref = documented.content?.['application/json']?.schema?.$ref;
    if (ref) this.checkAgainst(ref, where, response.body);
  }

  private checkAgainst(ref: string, where: string, body: unknown): void {
    const validate = this.validator(ref);
    if (!validate(body)) {
      throw new Error(`${where}: body does not match ${ref}: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`);
    }
  }
}
