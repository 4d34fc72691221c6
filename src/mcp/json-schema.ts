import {
  type GraphQLInputField,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import { toSnake } from '../shared/case';
import type { FieldRules } from '../shared/validation/rules';

export type JsonSchema = Record<string, unknown>;

const SCALARS: Record<string, JsonSchema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  UUID: { type: 'string', format: 'uuid' },
  DateTimeISO: { type: 'string', format: 'date-time' },
  DateTime: { type: 'string', format: 'date-time' },
  JSON: {},
  JSONObject: { type: 'object' },
};

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
  return out;
}

/**
 * The JSON Schema of a GraphQL input type as the REST API (and so MCP) reads it: snake_case keys, the field
 * descriptions and extra rules (`@Rules`) of the GraphQL schema. It describes; the service validates (the same
 * reader as REST), so a schema that is looser than a rule never lets bad input through.
 */
export function inputSchema(type: GraphQLInputType, rules?: FieldRules, description?: string | null): JsonSchema {
  const described = (schema: JsonSchema) => (description ? { ...schema, description } : schema);
  if (isNonNullType(type)) return inputSchema(type.ofType, rules, description);
  if (isListType(type)) {
    const { minItems, maxItems, ...itemRules } = rules ?? {};
    return described(withRules({ type: 'array', items: inputSchema(type.ofType, itemRules) }, { minItems, maxItems }));
  }
  if (isEnumType(type)) return described({ type: 'string', enum: type.getValues().map((v) => v.name) });
  if (isInputObjectType(type)) return described(objectSchema(Object.values(type.getFields())));
  if (isScalarType(type)) return described(withRules(SCALARS[type.name] ?? { type: 'string' }, rules));
  return described({});
}

/** An object schema of input fields (snake_case), required where the field is non-null without a default. */
export function objectSchema(fields: GraphQLInputField[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of fields) {
    const key = toSnake(field.name);
    const rules = (field.extensions as { rules?: FieldRules } | undefined)?.rules;
    properties[key] = inputSchema(field.type, rules, field.description);
    if (isNonNullType(field.type) && field.defaultValue === undefined) required.push(key);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
