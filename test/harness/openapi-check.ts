import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Checks every REST answer the e2e suite receives against `schema/openapi.json` (the committed document, which
 * CI keeps equal to the code): the status must be documented for the route, and the body must match that
 * status's schema. A route that answers something the document does not say fails the test that saw it.
 */

type Json = Record<string, any>;

interface Operation {
  pattern: RegExp;
  params: number;
  method: string;
  path: string;
  responses: Record<string, Json>;
}

let operations: Operation[] | undefined;
let doc: Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

function load(): Operation[] {
  if (operations) return operations;
  doc = JSON.parse(readFileSync(join(__dirname, '..', '..', 'schema', 'openapi.json'), 'utf8'));
  const list: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    const params = (path.match(/\{\w+\}/g) ?? []).length;
    const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
    for (const [method, op] of Object.entries(item)) {
      list.push({
        pattern: new RegExp(`^${source}/?$`),
        params,
        method: method.toUpperCase(),
        path,
        responses: op.responses,
      });
    }
  }
  // Literal segments win over parameters, as in the REST adapter.
  operations = list.sort((a, b) => a.params - b.params);
  return operations;
}

function resolve(response: Json): Json {
  if (!response.$ref) return response;
  const name = (response.$ref as string).replace('#/components/responses/', '');
  return doc.components.responses[name];
}

/**
 * Throws when `status`/`body` is not what the document says `method path` answers. Requests the document does
 * not describe (GraphQL, MCP, unknown paths, methods a path does not have) are not checked here.
 */
export function checkAgainstOpenApi(method: string, url: string, status: number, headers: Headers, text: string): void {
  const path = new URL(url, 'http://x').pathname;
  const op = load().find((o) => o.method === method && o.pattern.test(path));
  if (!op) return;
  const where = `${method} ${path} (documented as ${op.method} ${op.path})`;
  const response = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  if (!response)
    throw new Error(`OpenAPI: ${where} answered ${status}, which the document does not list:\n${text.slice(0, 500)}`);
  const resolved = resolve(response);
  const content = resolved.content as Record<string, Json> | undefined;
  if (!content) {
    if (text.length && op.responses[String(status)])
      throw new Error(`OpenAPI: ${where} answered ${status} with a body, documented as empty:\n${text.slice(0, 500)}`);
    return;
  }
  const type = (headers.get('content-type') ?? '').split(';')[0].trim();
  const media = content[type];
  if (!media)
    throw new Error(
      `OpenAPI: ${where} answered ${status} as '${type}', documented: ${Object.keys(content).join(', ')}`,
    );
  if (type !== 'application/json') return;
  const key = `${op.method} ${op.path} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(media.schema);
    compiled.set(key, validate);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`OpenAPI: ${where} answered ${status} with invalid JSON:\n${text.slice(0, 500)}`);
  }
  if (!validate(body)) {
    const problems = (validate.errors ?? [])
      .slice(0, 8)
      .map((e) => `  ${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
      .join('\n');
    throw new Error(
      `OpenAPI: ${where} answered ${status} with a body the document does not allow:\n${problems}\nbody: ${text.slice(0, 800)}`,
    );
  }
}
