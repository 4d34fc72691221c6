import { randomBytes } from 'node:crypto';

import type { FieldNode, GraphQLResolveInfo } from 'graphql';

/**
 * JSON text that PostgreSQL built for a part of a GraphQL answer (issue 28: reads at the floor). A resolver that
 * compiled its selection into SQL leaves an empty list in the result and files the text here under the list's
 * response path; the GraphQL endpoint writes the text in that place when it serializes the answer, so the rows
 * never become JavaScript objects that the executor walks and `JSON.stringify` writes again.
 *
 * The surfaces that write the answer as text offer this (`Ctx.rawJson` is set by the GraphQL endpoint's executor
 * and by the route runner for HTTP callers: REST and plugin routes); MCP tools and plugins' in-process calls read
 * the result as objects, so their resolvers take the ordinary path.
 */
export class RawJsonParts {
  private readonly parts: Array<{ path: readonly string[]; json: JsonText }> = [];
  /** The texts placed by {@link placeIn}, by their placeholder (as JSON writes it). */
  private texts: Map<string, JsonText> | undefined;

  /**
   * Files `json` to stand at `path` (response keys from the root) in the answer: a complete JSON value, or a list
   * of them that stands as a JSON array (a list's items, one text per row).
   */
  add(path: readonly string[], json: JsonText): void {
    this.parts.push({ path, json });
  }

  /**
   * Puts a placeholder at each filed path of `data` (the executor's result) and remembers which text replaces
   * it; {@link encode} writes the texts (and {@link stringifyAnswer}, after {@link fileForAnswer}). A path the
   * answer no longer has (its parent nulled by an error) is dropped, as the ordinary path would drop its value.
   */
  placeIn(data: Record<string, unknown> | null | undefined): void {
    if (!data || !this.parts.length) return;
    const texts = new Map<string, JsonText>();
    for (const { path, json } of this.parts) {
      let parent: unknown = data;
      for (const key of path.slice(0, -1)) parent = (parent as Record<string, unknown> | null)?.[key];
      if (!parent || typeof parent !== 'object') continue;
      const placeholder = nextPlaceholder();
      (parent as Record<string, unknown>)[path[path.length - 1]] = placeholder;
      texts.set(JSON.stringify(placeholder), json);
    }
    if (texts.size) this.texts = texts;
  }

  /**
   * Files the placed texts under `data` for {@link stringifyAnswer}: Apollo serializes the answer later and hands
   * that function the result alone (the GraphQL endpoint; REST calls {@link encode} itself).
   */
  fileForAnswer(data: object | null | undefined): void {
    if (data && this.texts) pending.set(data, this.texts);
  }

  /**
   * `JSON.stringify(value)` with the placed texts written in place of their placeholders, as the UTF-8 bytes REST
   * sends (its envelope): the pieces go straight into one buffer, so a page's items never become one large string
   * (nor a second one for the envelope) on their way to the socket. Large strings and the buffers behind them were
   * most of what a list request left for the garbage collector, and Node 26 collects them late enough to lift the
   * memory peak (D-445).
   */
  encode(value: unknown): Buffer {
    const text = JSON.stringify(value);
    if (!this.texts) return Buffer.from(text);
    const pieces = withTextsInPieces(text, this.texts);
    let length = 0;
    for (const piece of pieces) length += Buffer.byteLength(piece);
    const bytes = Buffer.allocUnsafe(length);
    let offset = 0;
    for (const piece of pieces) offset += bytes.write(piece, offset);
    return bytes;
  }

  /** Whether {@link placeIn} placed any text: the answer must then be written by {@link encode}. */
  get placed(): boolean {
    return this.texts !== undefined;
  }
}

/** A complete JSON value's text, or a list of them standing as a JSON array. */
type JsonText = string | readonly string[];

/**
 * `text` with each placeholder (its first occurrence) replaced by its JSON, as the pieces to write in order: a list
 * of texts stands as its items between brackets and commas, never joined here.
 */
function withTextsInPieces(text: string, texts: Map<string, JsonText>): string[] {
  const placed = [...texts]
    .map(([placeholder, json]) => ({ at: text.indexOf(placeholder), placeholder, json }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  const pieces: string[] = [];
  let from = 0;
  for (const { at, placeholder, json } of placed) {
    pieces.push(text.slice(from, at));
    if (typeof json === 'string') pieces.push(json);
    else pieces.push('[', ...json.flatMap((item, i) => (i ? [',', item] : [item])), ']');
    from = at + placeholder.length;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** Texts waiting for their answer to be serialized, by the answer's `data` object (dropped with it). */
const pending = new WeakMap<object, Map<string, JsonText>>();

/**
 * A string no answer can otherwise contain: a NUL (PostgreSQL text never holds one) and a per-process random
 * prefix, so a client cannot plant a placeholder in its own data.
 */
const PREFIX = `\u0000raw-json:${randomBytes(12).toString('hex')}:`;
let counter = 0;
const nextPlaceholder = () => `${PREFIX}${(counter = (counter + 1) % Number.MAX_SAFE_INTEGER)}`;

/**
 * Apollo's `stringifyResult`: `JSON.stringify` plus a newline (Apollo's own), with the filed texts written in
 * place of their placeholders.
 */
export function stringifyAnswer(value: { data?: unknown }): string {
  const text = JSON.stringify(value);
  const texts = value.data && typeof value.data === 'object' ? pending.get(value.data) : undefined;
  if (!texts) return `${text}\n`;
  pending.delete(value.data as object);
  return `${withTextsInPieces(text, texts).join('')}\n`;
}

/** What a compiler of a selection reads of a resolver's `info`: the schema, the document's fragments, the field. */
export type SelectionInfo = Pick<GraphQLResolveInfo, 'schema' | 'fragments' | 'fieldNodes'>;

/**
 * The extension (on a `Query` field) of a root field whose resolver can write its whole object as PostgreSQL's
 * JSON: a function answering whether it can for a selection ({@link SelectionInfo}). A list leaves an empty list
 * for its text, but an object field makes the executor walk the object it returns, calling every selected
 * field's resolver; so the executor runs such a field with its selection cut to `__typename`
 * (graphql/spliced-objects.ts), and the resolver reads the selection it must write through {@link splicedSelection}.
 */
export const WRITES_OBJECT_AS_JSON = 'svcWritesObjectAsJson';
export type WritesObjectAsJson = (selection: SelectionInfo) => boolean;

/** The field nodes a cut root field stood for, by the cut node. */
const splicedFrom = new WeakMap<FieldNode, readonly FieldNode[]>();

/** Records that `cut` (a root field whose selection is `__typename` alone) stands for `original`. */
export function markSpliced(cut: FieldNode, original: readonly FieldNode[]): void {
  splicedFrom.set(cut, original);
}

/**
 * The selection the field being resolved was cut from, when the executor runs it cut (its resolver must then
 * write the object's JSON: the executor writes only `__typename`); otherwise undefined.
 */
export function splicedSelection(info: GraphQLResolveInfo): SelectionInfo | undefined {
  const original = info.fieldNodes.length === 1 ? splicedFrom.get(info.fieldNodes[0]) : undefined;
  return original && { schema: info.schema, fragments: info.fragments, fieldNodes: original };
}
