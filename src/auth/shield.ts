import { type GraphQLSchema, isObjectType } from 'graphql';
import type { IMiddlewareFieldMap, IMiddlewareTypeMap } from 'graphql-middleware';
import { allow, deny, type IRule, type IRules, rule, shield } from 'graphql-shield';

import type { Actor } from '../context/actor';
import type { Ctx } from '../context/ctx';
import { AppError } from '../shared/errors';
import type { Access, AccessTable } from './access';

/** Why `actor` may not use `access`, as the error to answer with; null when allowed. */
export function accessError(actor: Actor, access: Access): AppError | null {
  switch (access.kind) {
    case 'public':
      return null;
    case 'admin':
      if (actor.kind === 'anonymous') return new AppError('unauthorized', actor.authError);
      if (actor.kind === 'customer' || (actor.kind === 'api_key' && actor.ownerType !== 'admin'))
        return new AppError('forbidden');
      return actor.permissions.has(access.permission)
        ? null
        : new AppError('forbidden', `missing permission ${access.permission}`);
    case 'store':
      if (actor.kind === 'api_key' && access.permission && !actor.permissions.has(access.permission)) {
        return new AppError('forbidden', `missing permission ${access.permission}`);
      }
      return null;
    case 'customer':
      if (actor.kind === 'anonymous') return new AppError('unauthorized', actor.authError);
      if (actor.kind === 'admin' || (actor.kind === 'api_key' && actor.ownerType !== 'customer'))
        return new AppError('forbidden');
      return actor.permissions.has(access.permission)
        ? null
        : new AppError('forbidden', `missing permission ${access.permission}`);
  }
}

function accessKey(access: Access): string {
  return `${access.kind}:${'permission' in access ? (access.permission ?? '') : ''}`;
}

/**
 * graphql-shield middleware generated from the access tables. Fail-closed: a root field without an entry
 * falls to `deny`; object types are allowed because their root field was already checked. Rules get
 * explicit names because shield caches rules by name and would otherwise confuse closures. Only the root
 * types' middleware is returned (see the note at the end).
 */
export function buildShield(schema: GraphQLSchema, tables: AccessTable[]) {
  const rules = new Map<string, IRule>();
  const ruleFor = (access: Access): IRule => {
    const key = accessKey(access);
    let r = rules.get(key);
    if (!r) {
      r = rule(key, { cache: 'contextual' })((_parent, _args, ctx: Ctx) => accessError(ctx.actor, access) ?? true);
      rules.set(key, r);
    }
    return r;
  };

  const tree: Record<string, Record<string, IRule>> = {};
  for (const table of tables) {
    for (const root of ['Query', 'Mutation'] as const) {
      for (const [field, access] of Object.entries(table[root] ?? {})) {
        const branch = (tree[root] ??= {});
        if (branch[field]) throw new Error(`${root}.${field} has two access rules`);
        branch[field] = ruleFor(access);
      }
    }
  }
  const fieldRules = new Map<string, Record<string, IRule>>();
  for (const table of tables) {
    for (const [typeName, fields] of Object.entries(table.fields ?? {})) {
      const type = schema.getType(typeName);
      for (const [field, access] of Object.entries(fields)) {
        if (!isObjectType(type) || !type.getFields()[field])
          throw new Error(`access rule for unknown field ${typeName}.${field}`);
        fieldRules.set(typeName, { ...fieldRules.get(typeName), [field]: ruleFor(access) });
      }
    }
  }
  for (const type of Object.values(schema.getTypeMap())) {
    if (
      isObjectType(type) &&
      !type.name.startsWith('__') &&
      type.name !== 'Query' &&
      type.name !== 'Mutation' &&
      type.name !== 'Subscription'
    ) {
      const narrowed = fieldRules.get(type.name);
      // Object types are allowed as a whole (their root field was checked) unless some fields are narrower.
      (tree as Record<string, unknown>)[type.name] = narrowed ? { '*': allow, ...narrowed } : allow;
    }
  }
  const generated = shield(tree as IRules, {
    fallbackRule: deny,
    allowExternalErrors: true,
    fallbackError: (thrown) => (thrown instanceof Error ? thrown : new AppError('forbidden', 'operation not allowed')),
  }).generate(schema) as Record<string, IMiddlewareFieldMap>;
  // Shield wraps every field of every type in an async rule, which turns each leaf of a large result into a
  // promise (a page of 25 products with variants is ~10k fields). Object types are `allow` anyway: access is
  // decided at the root fields, so only Query and Mutation keep their (fail-closed) rules, plus the few
  // fields that are narrower than the operation returning them.
  const middleware: IMiddlewareTypeMap = { Query: generated.Query, Mutation: generated.Mutation };
  for (const [typeName, fields] of fieldRules) {
    middleware[typeName] = Object.fromEntries(
      Object.keys(fields).map((field) => [field, generated[typeName][field]]),
    ) as IMiddlewareFieldMap;
  }
  return middleware;
}
