import { Extensions } from 'type-graphql';

import type { ErrorCode } from './errors';

/** The GraphQL field extension listing the domain error codes a root field may answer. */
export const RAISES_EXTENSION = 'raises';

/**
 * Declares, beside the resolver, the domain error codes a root field may answer besides those its shape implies
 * (access, input, unknown ids: src/routing/error-schemas.ts), as in `@Raises('duplicate_sku', 'hook_rejected')`.
 * Declared once, it feeds the REST routes that run the field (their OpenAPI responses, which the e2e suite holds
 * every answer to), the MCP tools made from them and the field's GraphQL description.
 */
export const Raises = (...codes: ErrorCode[]) => Extensions({ [RAISES_EXTENSION]: codes });

/** The codes a field declares with `@Raises`, in their declared order (none when it declares none). */
export function raisedBy(field: { extensions?: Readonly<Record<string, unknown>> | null } | undefined): ErrorCode[] {
  const codes = field?.extensions?.[RAISES_EXTENSION];
  return Array.isArray(codes) ? (codes as ErrorCode[]) : [];
}
