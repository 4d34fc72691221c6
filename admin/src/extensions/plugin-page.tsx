import { getRouteApi } from '@tanstack/react-router';

import { ErrorState } from '../components/error-state';
import { MountedExtension } from './extension-slot';
import { useExtensions } from './use-extensions';

const route = getRouteApi('/_app/plugins/$plugin/$extensionId');

/** `/admin/plugins/<plugin>/<id>`: the page of a plugin's navigation entry, holding only its element. */
export function PluginPageScreen() {
  const { plugin, extensionId } = route.useParams();
  const { extensions, error, refetch, isPending } = useExtensions('admin:nav');
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (isPending) return <p>Loading…</p>;
  const extension = extensions.find((ext) => ext.plugin === plugin && ext.id === extensionId);
  if (!extension)
    return (
      <>
        <h1 className="text-2xl font-semibold">Plugin page not found</h1>
        <p>
          No active plugin offers this page ({plugin}/{extensionId}).
        </p>
      </>
    );
  return <MountedExtension extension={extension} headingLevel={1} />;
}
