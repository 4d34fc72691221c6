import { queryOptions, useQuery } from '@tanstack/react-query';

import { AdminViewerDocument, type AdminViewerQuery } from '../generated/graphql';
import { viewerKey } from '../resource/keys';
import { gql, refreshSession } from './client';

export type Viewer = NonNullable<AdminViewerQuery['viewer']>;

/** Who is signed in; after an expired access cookie, one silent refresh before concluding "nobody". */
async function fetchViewer(): Promise<Viewer | null> {
  const first = await gql(AdminViewerDocument);
  if (first.viewer) return first.viewer;
  if (!(await refreshSession())) return null;
  return (await gql(AdminViewerDocument)).viewer ?? null;
}

export const viewerQuery = queryOptions({ queryKey: viewerKey, queryFn: fetchViewer, staleTime: 60_000 });

/** Staff only: customers can authenticate with the same login, but the admin is not for them. */
export const isStaff = (viewer: Viewer | null | undefined): viewer is Viewer => viewer?.kind === 'admin';

/**
 * Whether the signed-in staff member holds `permission`, to hide or disable what they cannot do. The
 * server enforces every permission regardless; this only keeps people from buttons that would fail.
 */
export function useCan(): (permission: string) => boolean {
  const { data } = useQuery(viewerQuery);
  return (permission) => !!data?.permissions.includes(permission);
}
