import 'reflect-metadata';

import {
  getNamedType,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  isInputObjectType,
  isObjectType,
  lexicographicSortSchema,
  printSchema,
} from 'graphql';
import { applyMiddleware } from 'graphql-middleware';
import type { NonEmptyArray } from 'type-graphql';
import { buildSchemaSync, getMetadataStorage } from 'type-graphql';

import type { AccessTable } from '../auth/access';
import { buildShield } from '../auth/shield';
import { AppError } from '../shared/errors';
import { ACCESS_NARROWED } from '../shared/permissions';
import { raisedBy } from '../shared/raises';
import { DateTimeScalar } from '../shared/scalars';
import { type FieldProblem, readArguments } from '../shared/validation/input';
import type { FieldRules } from '../shared/validation/rules';
import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS, SEARCH_RULES } from '../shared/validation/search';

/** What the schema is built from; the composition root collects it from the domain list. */
export interface SchemaParts {
  resolvers: NonEmptyArray<Function>;
  accessTables: AccessTable[];
  /** Input types no field names but services read input against. */
  orphanedTypes: Function[];
}

const built = new WeakMap<SchemaParts, GraphQLSchema>();

/** The schema as type-graphql builds it from the decorated classes (what `schema/schema.graphql` holds). */
export function buildBaseSchema(parts: SchemaParts): GraphQLSchema {
  let schema = built.get(parts);
  if (!schema) {
    readPlainFieldsDirectly();
    schema = buildSchemaSync({
      resolvers: parts.resolvers,
      orphanedTypes: parts.orphanedTypes,
      scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
      validate: false,
    });
    inheritInputRules(schema);
    boundSearchArguments(schema);
    describeAccess(schema, parts.accessTables);
    describeRaisedErrors(schema);
    built.set(parts, schema);
  }
  return schema;
}

/**
 * type-graphql gives every plain `@Field` of an object type a resolver of its own (middleware dispatch, then
 * `root[name]`) unless the field is marked `simple`. We use no field middlewares and no `@Authorized` (access
 * is graphql-shield's, at the root fields), so those resolvers only read a property: marking the fields simple
 * lets graphql-js and graphql-jit read it themselves. On a store page of 25 products that is ~10k resolver
 * calls (each with its resolve info and closures) fewer: a third of the page's allocations.
 */
function readPlainFieldsDirectly(): void {
  for (const field of getMetadataStorage().fields) {
    const plain = !field.middlewares?.length && !field.roles?.length && field.name === field.schemaName;
    if (plain && field.simple === undefined) field.simple = true;
  }
}

/**
 * Who may call a root field is said in its description from the access tables, the rules graphql-shield enforces
 * ("Needs `products.read`."), so clients, the OpenAPI document and the MCP tool list read the rule itself: written
 * by hand beside each resolver, 110 of these sentences had only a test holding them to the tables (D-284).
 */
function describeAccess(schema: GraphQLSchema, tables: AccessTable[]): void {
  for (const [root, type] of [
    ['Query', schema.getQueryType()],
    ['Mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const access = tables.map((t) => t[root]?.[field.name]).find(Boolean);
      if (access?.kind !== 'admin' && access?.kind !== 'customer') continue;
      const needs = `Needs \`${access.permission}\`.`;
      field.description = field.description ? `${field.description} ${needs}` : needs;
    }
  }
}

/**
 * A root field's `@Raises` codes close its description ("Errors: `duplicate_sku`, `hook_rejected`."), so
 * GraphQL clients read what REST's OpenAPI responses list, from the one declaration beside the resolver.
 */
function describeRaisedErrors(schema: GraphQLSchema): void {
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const codes = raisedBy(field);
      if (!codes.length) continue;
      const errors = `Errors: ${codes.map((code) => `\`${code}\``).join(', ')}.`;
      field.description = field.description ? `${field.description} ${errors}` : errors;
    }
  }
}

/**
 * type-graphql does not carry field extensions into input types that inherit their fields
 * (`BulkProductInput extends ProductCreateInput`), which would silently drop their `@Rules` and `@Clearable`
 * (and with it, the null rule would refuse what the parent clears). Copy them down.
 */
function inheritInputRules(schema: GraphQLSchema): void {
  const defs = getMetadataStorage().inputTypes;
  for (const def of defs) {
    const parent = defs.find((d) => d.target === Object.getPrototypeOf(def.target));
    const child = schema.getType(def.name);
    const base = parent && schema.getType(parent.name);
    if (!isInputObjectType(child) || !isInputObjectType(base)) continue;
    for (const [name, field] of Object.entries(child.getFields())) {
      const { rules, clearable } = base.getFields()[name]?.extensions ?? {};
      if (rules && !field.extensions?.rules) field.extensions = { ...field.extensions, rules };
      if (clearable && !field.extensions?.clearable) field.extensions = { ...field.extensions, clearable };
    }
  }
}

/**
 * Every root field's `search` argument (a text argument of that name: the schema's one name for free-text
 * search) gets the search bounds (validation/search.ts) and says so in its description, here rather than beside
 * each resolver, so that no list, a plugin's included, can take an unbounded search: 20,000 words overflowed
 * PostgreSQL's stack. Rules an argument states itself take precedence. test/contract/search-arguments.test.ts
 * fails when a list takes text under another name without a bound of its own.
 */
function boundSearchArguments(schema: GraphQLSchema): void {
  const bounds = `At most ${SEARCH_MAX_LENGTH} characters and ${SEARCH_MAX_WORDS} words.`;
  for (const root of [schema.getQueryType(), schema.getMutationType()])
    for (const field of Object.values(root?.getFields() ?? {}))
      for (const arg of field.args) {
        if (arg.name !== 'search' || getNamedType(arg.type).name !== 'String') continue;
        const own = (arg.extensions as { rules?: FieldRules }).rules;
        arg.extensions = { ...arg.extensions, rules: { ...SEARCH_RULES, ...own } };
        arg.description = arg.description ? `${arg.description} ${bounds}` : bounds;
      }
}

/** The SDL committed to `schema/schema.graphql`, sorted so diffs stay readable. */
export function printSchemaSdl(parts: SchemaParts): string {
  return printSchema(lexicographicSortSchema(buildBaseSchema(parts))) + '\n';
}

/**
 * Checks the `@Rules` of every root field's arguments after graphql-js has coerced them (GraphQL clients;
 * the REST adapter already checked the same rules on the raw body), reporting every failing field.
 */
const validateArguments = async (
  resolve: GraphQLFieldResolver<unknown, unknown>,
  parent: unknown,
  args: Record<string, unknown>,
  ctx: unknown,
  info: Parameters<GraphQLFieldResolver<unknown, unknown>>[3],
) => {
  const field = info.parentType.getFields()[info.fieldName];
  if (field && field.args.length > 0) {
    const problems: FieldProblem[] = [];
    readArguments(field.args, args, 'graphql', problems);
    if (problems.length) throw AppError.validation(problems);
  }
  return resolve(parent, args, ctx, info);
};

/** The executable schema: type-graphql resolvers behind graphql-shield (fail-closed) and argument rules. */
export function buildExecutableSchema(parts: SchemaParts): GraphQLSchema {
  const schema = buildBaseSchema(parts);
  const executable = applyMiddleware(schema, buildShield(schema, parts.accessTables), {
    Query: validateArguments,
    Mutation: validateArguments,
  });
  // Types with narrowed fields say so, for code that would answer them without their field resolvers.
  for (const typeName of new Set(parts.accessTables.flatMap((t) => Object.keys(t.fields ?? {})))) {
    const type = executable.getType(typeName);
    if (isObjectType(type))
      (type as { extensions: Record<string, unknown> }).extensions = { ...type.extensions, [ACCESS_NARROWED]: true };
  }
  return executable;
}
