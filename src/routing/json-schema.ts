import {
  type FragmentDefinitionNode,
  getNamedType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  type SelectionSetNode,
} from 'graphql';

import { toSnake } from '../shared/case';
import { type FieldRules, isClearable } from '../shared/validation/rules';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = Record<string, unknown>;

/**
 * A path parameter's schema: a string one is at least one character long, since an empty value leaves an empty
 * segment in the URL, which is another route (a 404 `not_found`, never the parameter's 400). Said in the document so
 * that a client generated from it, and the document's fuzz test, never build one.
 */
export function pathParamSchema(schema: JsonSchema): JsonSchema {
  return schema.type === 'string' && schema.minLength === undefined && schema.format === undefined
    ? { ...schema, minLength: 1 }
    : schema;
}

/** How each scalar of the schema travels in JSON (contract §2: UUID strings, ISO 8601 UTC timestamps). */
const SCALARS: Record<string, JsonSchema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Int: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  UUID: { type: 'string', format: 'uuid' },
  DateTime: { type: 'string', format: 'date-time' },
  // Free-form JSON (custom_fields, metadata, addresses): any value.
  JSON: {},
};

function scalarSchema(type: GraphQLNamedType): JsonSchema {
  const known = SCALARS[type.name];
  if (!known) throw new Error(`openapi: scalar ${type.name} has no JSON Schema mapping (add it to SCALARS)`);
  return { ...known };
}

/** `schema` or null: a type list gets `'null'` added, anything else is wrapped in `anyOf`. */
function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string')
    return {
      ...schema,
      type: [schema.type, 'null'],
      ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}),
    };
  if (Object.keys(schema).length === 0) return schema;
  return { anyOf: [schema, { type: 'null' }] };
}

function described(schema: JsonSchema, description: string | null | undefined): JsonSchema {
  if (!description) return schema;
  // A `$ref`/`anyOf` wrapper keeps its description beside it (allowed in 2020-12).
  return { ...schema, description };
}

/**
 * The JSON Schema of a GraphQL result under a selection set: exactly the selected response keys (aliases
 * included), nullability from the schema, field descriptions as schema descriptions. Objects are closed
 * (`additionalProperties: false`), so an answer with a field the operation does not select fails validation.
 */
export function outputSchema(
  schema: GraphQLSchema,
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
): JsonSchema {
  if (isNonNullType(type)) return nonNullOutput(schema, type.ofType, selectionSet, fragments);
  return nullable(nonNullOutput(schema, type, selectionSet, fragments));
}

function nonNullOutput(
  schema: GraphQLSchema,
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
): JsonSchema {
  if (isListType(type)) return { type: 'array', items: outputSchema(schema, type.ofType, selectionSet, fragments) };
  const named = getNamedType(type);
  if (isScalarType(named)) return scalarSchema(named);
  if (isEnumType(named)) return { type: 'string', enum: named.getValues().map((v) => v.name) };
  if (!selectionSet) throw new Error(`openapi: ${named.name} selected without a selection set`);
  if (isAbstractType(named)) {
    const variants = schema.getPossibleTypes(named).map((t) => objectSchema(schema, t, selectionSet, fragments));
    return { oneOf: variants };
  }
  if (isObjectType(named)) return objectSchema(schema, named, selectionSet, fragments);
  throw new Error(`openapi: unexpected output type ${String(type)}`);
}

type FieldNode = Extract<SelectionSetNode['selections'][number], { kind: Kind.FIELD }>;

/** Whether a field is selected only under a condition (`@skip(if: …)`, `@include(if: …)`). */
const conditional = (node: FieldNode) =>
  !!node.directives?.some((d) => d.name.value === 'skip' || d.name.value === 'include');

/** The fields a selection set selects on `typeName`, fragments expanded, grouped by response key. */
function collectFields(
  schema: GraphQLSchema,
  typeName: string,
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  into = new Map<string, FieldNode[]>(),
): Map<string, FieldNode[]> {
  const applies = (condition: string | undefined) => {
    if (!condition || condition === typeName) return true;
    const cond = schema.getType(condition);
    const type = schema.getType(typeName);
    return !!cond && isAbstractType(cond) && isObjectType(type) && schema.isSubType(cond, type);
  };
  for (const sel of selectionSet.selections) {
    if (sel.kind === Kind.FIELD) {
      const key = sel.alias?.value ?? sel.name.value;
      into.set(key, [...(into.get(key) ?? []), sel]);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      if (applies(sel.typeCondition?.name.value)) collectFields(schema, typeName, sel.selectionSet, fragments, into);
    } else {
      const fragment = fragments[sel.name.value];
      if (!fragment) throw new Error(`openapi: unknown fragment ${sel.name.value}`);
      if (applies(fragment.typeCondition.name.value))
        collectFields(schema, typeName, fragment.selectionSet, fragments, into);
    }
  }
  return into;
}

function objectSchema(
  schema: GraphQLSchema,
  type: Extract<GraphQLNamedType, { getFields: unknown }> & { name: string },
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
): JsonSchema {
  const objectType = schema.getType(type.name);
  if (!isObjectType(objectType)) throw new Error(`openapi: ${type.name} is not an object type`);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, nodes] of collectFields(schema, type.name, selectionSet, fragments)) {
    const name = nodes[0].name.value;
    if (name === '__typename') {
      properties[key] = { type: 'string', const: type.name };
      required.push(key);
      continue;
    }
    const field = objectType.getFields()[name];
    if (!field) throw new Error(`openapi: ${type.name}.${name} does not exist`);
    // Same key selected twice (a fragment and the operation): graphql-js merges the sub-selections.
    const merged: SelectionSetNode | undefined = nodes.some((n) => n.selectionSet)
      ? { kind: Kind.SELECTION_SET, selections: nodes.flatMap((n) => n.selectionSet?.selections ?? []) }
      : undefined;
    properties[key] = described(outputSchema(schema, field.type, merged, fragments), field.description);
    // A key under `@skip`/`@include` is left out of some answers (the login's tokens in cookie mode).
    if (!nodes.every(conditional)) required.push(key);
  }
  // Type descriptions stay in the GraphQL schema: repeated on every selection they would bloat the document.
  return { type: 'object', properties, required, additionalProperties: false };
}

/** Field rules (`@Rules`) as JSON Schema keywords. */
function withRules(schema: JsonSchema, rules: FieldRules | undefined): JsonSchema {
  if (!rules) return schema;
  const out = { ...schema };
  if (rules.minLength !== undefined) out.minLength = rules.minLength;
  if (rules.maxLength !== undefined) out.maxLength = rules.maxLength;
  if (rules.min !== undefined) out.minimum = rules.min;
  if (rules.max !== undefined) out.maximum = rules.max;
  if (rules.pattern !== undefined) out.pattern = rules.pattern;
  if (rules.email) out.format = 'email';
  if (rules.minItems !== undefined) out.minItems = rules.minItems;
  if (rules.maxItems !== undefined) out.maxItems = rules.maxItems;
  const byUseCase = rules.checkedByUseCase;
  if (byUseCase) {
    if (byUseCase.pattern !== undefined) out.pattern = byUseCase.pattern;
    if (byUseCase.oneOf) out.enum = [...byUseCase.oneOf];
    out['x-error-code'] = byUseCase.code;
  }
  return out;
}

/**
 * The JSON Schema of a REST request value for a GraphQL input type: snake_case keys (the REST adapter maps
 * them onto the camelCase input fields), required where the input is non-null without a default, field
 * rules as keywords. Objects stay open: unknown keys are ignored (contract §2).
 */
export function inputSchema(type: GraphQLInputType, rules?: FieldRules, clearable = false): JsonSchema {
  if (isNonNullType(type)) return nonNullInput(type.ofType, rules);
  // The null rule (docs/decisions.md): only a `@Clearable` field takes null (it clears it); null on any other
  // optional field is 400, so the document does not admit it. Lists and JSON objects never take null.
  const takesNull = clearable && !isListType(type) && !(isScalarType(type) && type.name === 'JSON');
  return takesNull ? nullable(nonNullInput(type, rules)) : nonNullInput(type, rules);
}

function nonNullInput(type: GraphQLInputType, rules?: FieldRules): JsonSchema {
  if (isListType(type)) {
    // List rules bound the list; the other rules (lengths, ranges) apply to its items.
    const { minItems, maxItems, ...itemRules } = rules ?? {};
    return withRules({ type: 'array', items: inputSchema(type.ofType, itemRules) }, { minItems, maxItems });
  }
  return namedInput(type, rules);
}

function namedInput(type: GraphQLInputType, rules?: FieldRules): JsonSchema {
  const named = getNamedType(type);
  if (isScalarType(named)) return withRules(scalarSchema(named), rules);
  if (isEnumType(named)) return { type: 'string', enum: named.getValues().map((v) => v.name) };
  if (!isInputObjectType(named)) throw new Error(`openapi: unexpected input type ${String(type)}`);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of Object.values(named.getFields())) {
    const key = toSnake(field.name);
    const fieldRules = (field.extensions as { rules?: FieldRules } | undefined)?.rules;
    // A JSON field (custom_fields, metadata) must be an object; any other value is 400 `type`. Items of a JSON
    // list (the bulk create's products) stay open: each is judged on its own, in the 207 results.
    const json =
      !isListType(isNonNullType(field.type) ? field.type.ofType : field.type) &&
      getNamedType(field.type).name === 'JSON';
    const schema = json ? { type: 'object' } : inputSchema(field.type, fieldRules, isClearable(field));
    properties[key] = described(schema, field.description);
    if ((isNonNullType(field.type) && field.defaultValue === undefined) || fieldRules?.requiredByUseCase)
      required.push(key);
  }
  return described({ type: 'object', properties, ...(required.length ? { required } : {}) }, named.description);
}
