import { queryOptions, useQuery } from '@tanstack/react-query';

import { gql } from '../api/client';
import { AdminPluginExtensionsDocument, type AdminPluginExtensionsQuery } from '../generated/graphql';

export type AdminExtension = AdminPluginExtensionsQuery['adminPluginExtensions'][number];

/** The admin slots (src/plugin-api/ui-extensions.ts `ADMIN_SLOTS`). */
export type AdminSlot =
  'admin:home' | 'admin:nav' | 'admin:order:detail' | 'admin:product:detail' | 'admin:customer:detail';

/** The active plugins' admin extensions: asked once per page load (a plugin changes with a restart). */
export const extensionsQuery = queryOptions({
  queryKey: ['admin-extensions'],
  queryFn: () => gql(AdminPluginExtensionsDocument),
  staleTime: Infinity,
});

/** The extensions of one slot. */
export function useExtensions(slot: AdminSlot) {
  const query = useQuery(extensionsQuery);
  return { ...query, extensions: (query.data?.adminPluginExtensions ?? []).filter((ext) => ext.slot === slot) };
}
