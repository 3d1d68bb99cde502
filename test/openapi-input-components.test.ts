/**
 * A named schema used by requests and responses is documented twice when its defaults differ:
 * required in what the server sends, optional in what a client sends (`<Name>Input`). Without it
 * the README's own flow (no `match_type`, no `from_port`) failed the documented POST /flows body.
 */
import { readFileSync } from 'node:fs';
import Ajv2020Module from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../src/core/logger.js';
import { createSimulator } from '../src/simulator.js';

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;

/** The flow the README's walkthrough writes to flow.json. */
function readmeFlow(): unknown {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const match = /cat > flow\.json <<'JSON'\n([\s\S]*?)\nJSON\n/.exec(readme);
  if (!match) throw new Error('README no longer writes flow.json');
  return JSON.parse(match[1]!);
}

describe('request components in input mode', () => {
  const doc = createSimulator({ logger: silentLogger }).openapi() as unknown as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    components: { schemas: Record<string, { required?: string[] } & Record<string, unknown>> };
  };
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: doc.components });
  const requestSchema = (path: string, method: string) =>
    JSON.parse(JSON.stringify(doc.paths[path]![method]!.requestBody!.content['application/json']!.schema).replaceAll('"#/components', '"doc#/components')) as object;

  it('documents the README flow, defaults left out, as a valid POST /flows body, and the simulator takes it', async () => {
    const body = { name: 'Demo lead capture', definition: readmeFlow() };
    const valid = ajv.compile(requestSchema('/flows', 'post'));
    expect(valid(body), JSON.stringify(valid.errors)).toBe(true);
    const sim = createSimulator({ logger: silentLogger });
    const created = await sim.request({ method: 'POST', path: '/flows', key: sim.accounts[0]!.keys.full!, body });
    expect(created.status).toBe(201);
  });

  it('keeps the response rendering strict: what the server always sends stays required', () => {
    const input = doc.components.schemas['FlowDefinitionInput'];
    const output = doc.components.schemas['FlowDefinition'];
    expect(input).toBeDefined();
    expect(JSON.stringify(output)).toContain('"required":["source","keywords","match_type"]');
    expect(JSON.stringify(input)).not.toContain('"required":["source","keywords","match_type"]');
    // Every request-side reference to a split schema points at its Input twin.
    const requests = JSON.stringify(doc.paths['/flows']!['post']!.requestBody);
    const created = JSON.stringify(doc.components.schemas['CreateFlowRequest']);
    expect(requests + created).not.toContain('"#/components/schemas/FlowDefinition"');
  });
});
