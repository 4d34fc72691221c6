import 'reflect-metadata';
import { type GraphQLFieldResolver, type GraphQLSchema, isInputObjectType, lexicographicSortSchema, printSchema } from 'graphql';
import { applyMiddleware } from 'graphql-middleware';
import { buildSchemaSync, getMetadataStorage } from 'type-graphql';
import { buildShield } from '../auth/shield';
import { AppError } from '../shared/errors';
import { DateTimeScalar } from '../shared/scalars';
import { type FieldProblem, readArguments } from '../shared/validation/input';
import { ACCESS_TABLES, ORPHANED_TYPES, RESOLVERS } from '../app/domains';

let base: GraphQLSchema | undefined;

/** The schema as type-graphql builds it from the decorated classes (what `schema/schema.graphql` holds). */
export function buildBaseSchema(): GraphQLSchema {
  base ??= buildSchemaSync({
    resolvers: RESOLVERS,
    orphanedTypes: ORPHANED_TYPES,
    scalarsMap: [{ type: Date, scalar: DateTimeScalar }],
    validate: false,
  });
  inheritInputRules(base);
  return base;
}

/**
 * type-graphql does not carry field extensions into input types that inherit their fields
 * (`BulkProductInput extends ProductCreateInput`), which would silently drop their `@Rules`. Copy them down.
 */
function inheritInputRules(schema: GraphQLSchema): void {
  const defs = getMetadataStorage().inputTypes;
  for (const def of defs) {
    const parent = defs.find((d) => d.target === Object.getPrototypeOf(def.target));
    const child = schema.getType(def.name);
    const base = parent && schema.getType(parent.name);
    if (!isInputObjectType(child) || !isInputObjectType(base)) continue;
    for (const [name, field] of Object.entries(child.getFields())) {
      const rules = base.getFields()[name]?.extensions?.rules;
      if (rules && !field.extensions?.rules) field.extensions = { ...field.extensions, rules };
    }
  }
}

/** The SDL committed to `schema/schema.graphql`, sorted so diffs stay readable. */
export function printAppSchema(): string {
  return printSchema(lexicographicSortSchema(buildBaseSchema())) + '\n';
}

/**
 * Checks the `@Rules` of every root field's arguments after graphql-js has coerced them (GraphQL clients;
 * the REST adapter already checked the same rules on the raw body), reporting every failing field.
 */
const validateArguments = async (resolve: GraphQLFieldResolver<unknown, unknown>, parent: unknown, args: Record<string, unknown>, ctx: unknown, info: Parameters<GraphQLFieldResolver<unknown, unknown>>[3]) => {
  const field = info.parentType.getFields()[info.fieldName];
  if (field && field.args.length > 0) {
    const problems: FieldProblem[] = [];
    readArguments(field.args, args, 'graphql', problems);
    if (problems.length) throw AppError.validation(problems);
  }
  return resolve(parent, args, ctx, info);
};

/** The executable schema: type-graphql resolvers behind graphql-shield (fail-closed) and argument rules. */
export function buildAppSchema(): GraphQLSchema {
  const schema = buildBaseSchema();
  return applyMiddleware(schema, buildShield(schema, ACCESS_TABLES), { Query: validateArguments, Mutation: validateArguments });
}
