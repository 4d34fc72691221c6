import { createHash } from 'node:crypto';

import type { Request } from 'express';
import { type DocumentNode, Kind, type OperationDefinitionNode, parse } from 'graphql';

import { TextMemo } from '../../shared/text-memo';

/** What makes a request's answer cacheable: its key, and which bodies may be kept (success only). */
export interface CacheableRequest {
  /** Computed only when the cache is on (a GraphQL key hashes the document); off, only the verdict counts. */
  key(): string;
  /** GraphQL answers 200 with `errors` too: those are never kept. */
  keepBody(body: Buffer): boolean;
}

/** Longer GraphQL documents are answered normally, never cached (store queries are a few hundred characters). */
const MAX_QUERY_LENGTH = 16 * 1024;
/** How many documents' verdicts are remembered (then the memo starts over), and operation names per document. */
const VERDICT_TEXTS = 256;
const VERDICT_NAMES = 16;

export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/**
 * Deepest variables a cacheable request may have. Bodies and GET parameters deeper than `server.max_json_depth`
 * are refused before this runs; this bound keeps the recursion below safe whatever reaches it.
 */
const MAX_VARIABLES_DEPTH = 32;

/**
 * Most arrays, objects and values the variables of a cacheable request may have. A store read takes a few
 * dozen; a 1 MiB body can hold 500,000, and writing their key took a second of the event loop (and 40 MB of
 * heap) for an answer nobody would share. Past this the request is answered, never cached.
 */
const MAX_VARIABLES_NODES = 10_000;

class NoKey extends Error {}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` variables share an entry. */
function stableJson(value: unknown, budget: { nodes: number }, depth = 0): string {
  if (depth > MAX_VARIABLES_DEPTH || --budget.nodes < 0) throw new NoKey();
  if (Array.isArray(value)) return `[${value.map((v) => stableJson(v, budget, depth + 1)).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k], budget, depth + 1)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The key of these variables, or undefined (answered, never cached) when they nest too deep or are too many. */
function variablesKey(variables: unknown): string | undefined {
  try {
    return stableJson(variables, { nodes: MAX_VARIABLES_NODES });
  } catch (err) {
    if (err instanceof NoKey) return undefined;
    throw err;
  }
}

/** A bounded map (oldest insert evicted first): parsed documents and persisted-query texts. */
class Bounded<V> extends Map<string, V> {
  constructor(private readonly max: number) {
    super();
  }
  override set(key: string, value: V): this {
    if (!this.has(key) && this.size >= this.max) this.delete(this.keys().next().value as string);
    return super.set(key, value);
  }
}

/**
 * REST: a GET of a route whose operation is a cacheable store read. The key is the path and the query string
 * with its parameters sorted (`?b=1&a=2` and `?a=2&b=1` are one page).
 */
export function restRequestKey(cacheablePaths: RegExp[]) {
  return (req: Request): CacheableRequest | undefined => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    if (!cacheablePaths.some((p) => p.test(req.path))) return undefined;
    const search = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
    search.sort();
    return { key: () => `rest ${req.path}?${search}`, keepBody: () => true };
  };
}

/** How a GraphQL answer with data and without errors begins (Apollo orders `errors`, `data`, `extensions`). */
const DATA_OBJECT = Buffer.from('{"data":{');

const readJson = (text: unknown): unknown => {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol.for('invalid');
  }
};

/**
 * GraphQL over GET or POST: a query (never a mutation) whose root fields are all in `cacheableFields`. Automatic
 * persisted queries are understood: a request carrying both the query and its hash teaches the hash (checked),
 * and a later hash-only request finds the text here; an unknown hash goes on to Apollo, which asks for the text.
 */
export function graphqlRequestKey(cacheableFields: ReadonlySet<string>) {
  // Verdicts, not documents, are remembered, by the document's text (found without hashing it: TextMemo), and
  // only texts up to MAX_QUERY_LENGTH are considered: at most VERDICT_TEXTS texts of VERDICT_NAMES operation
  // names each, so strangers sending many large queries cannot grow this instance's memory past ~4 MB.
  const verdicts = new TextMemo<Map<string, boolean>>();
  const persisted = new Bounded<string>(500);

  const cacheable = (query: string, operationName: string | null): boolean => {
    const byName = verdicts.remember(query, VERDICT_TEXTS, () => new Map<string, boolean>());
    let verdict = byName.get(operationName ?? '');
    if (verdict === undefined) {
      let doc: DocumentNode | undefined;
      try {
        doc = parse(query);
      } catch {
        doc = undefined;
      }
      verdict = !!doc && isCacheableQuery(doc, operationName, cacheableFields);
      if (byName.size >= VERDICT_NAMES) byName.clear();
      byName.set(operationName ?? '', verdict);
    }
    return verdict;
  };

  return (req: Request): CacheableRequest | undefined => {
    const source = req.method === 'GET' ? req.query : req.method === 'POST' ? req.body : undefined;
    if (!source || typeof source !== 'object' || Array.isArray(source)) return undefined;
    const params = source as Record<string, unknown>;
    const variables = readJson(params.variables ?? {});
    const extensions = readJson(params.extensions ?? {}) as { persistedQuery?: { sha256Hash?: unknown } } | null;
    const operationName = params.operationName ?? null;
    if (typeof variables !== 'object' || !extensions || typeof extensions !== 'object') return undefined;
    if (operationName !== null && typeof operationName !== 'string') return undefined;
    let query = params.query;
    if (query !== undefined && (typeof query !== 'string' || query.length > MAX_QUERY_LENGTH)) return undefined;
    const hash = extensions.persistedQuery?.sha256Hash;
    if (typeof hash === 'string') {
      if (typeof query === 'string') {
        if (sha256(query) !== hash) return undefined;
        persisted.set(hash, query);
      } else query = persisted.get(hash);
    }
    if (typeof query !== 'string') return undefined;
    if (!cacheable(query, operationName)) return undefined;
    const variablesPart = variablesKey(variables);
    if (variablesPart === undefined) return undefined;
    const text = query;
    return {
      key: () =>
        `gql ${typeof hash === 'string' ? hash : sha256(text)} ${operationName ?? ''} ${variablesPart} ${req.get('accept') ?? ''}`,
      keepBody: (body) => {
        // Apollo writes `errors` before `data`: a body that opens with data that is not null has no errors, and
        // a 28 KB page need not be parsed again to know it.
        if (body.subarray(0, DATA_OBJECT.length).equals(DATA_OBJECT)) return true;
        const parsed = readJson(body.toString('utf8')) as { data?: unknown; errors?: unknown } | null;
        return !!parsed && typeof parsed === 'object' && parsed.errors === undefined && parsed.data != null;
      },
    };
  };
}

/** The chosen operation is a query and each root selection is a plain field from the allow-list. */
export function isCacheableQuery(
  doc: DocumentNode,
  operationName: string | null,
  cacheableFields: ReadonlySet<string>,
): boolean {
  const operations = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation || operation.operation !== 'query') return false;
  return operation.selectionSet.selections.every(
    (s) => s.kind === Kind.FIELD && (s.name.value === '__typename' || cacheableFields.has(s.name.value)),
  );
}
