import { useEffect, useRef, useState } from 'react';

import { describeError } from '../api/errors';
import { Button } from '../components/ui/button';
import { createExtensionElement, type ExtensionElement, loadExtension } from './loader';
import { type AdminExtension, type AdminSlot, useExtensions } from './use-extensions';

/**
 * A plugin's element renders plain HTML in light DOM, where the admin's CSS reset (Tailwind's preflight) leaves a
 * `<button>` without border or padding: it read as text (issue 52). Its buttons get the admin's outline button
 * look and focus ring, so a plugin's panel looks like the screens around it without shipping styles of its own.
 */
const PLUGIN_CONTENT = [
  '[&_button]:inline-flex [&_button]:items-center [&_button]:rounded-md [&_button]:border [&_button]:border-slate-300',
  '[&_button]:bg-white [&_button]:px-3 [&_button]:py-2 [&_button]:text-sm [&_button]:font-medium',
  '[&_button]:text-slate-900 [&_button:hover]:bg-slate-100 [&_button:disabled]:text-slate-500',
  '[&_button:focus-visible]:outline-2 [&_button:focus-visible]:outline-offset-2 [&_button:focus-visible]:outline-blue-700',
].join(' ');

/**
 * Where plugins' admin extensions appear: each extension declared for `slot` is loaded at run time (its script,
 * with SRI and the CSP nonce) and its custom element mounted in a labelled region, with the entity's id as the
 * `entity-id` attribute and `gql` to call the API as the signed-in staff member. A change of `refreshKey` (the
 * screen's data changed) is passed on as an `svc-refresh` event. Nothing is rendered when no plugin uses the slot.
 */
export function ExtensionSlot({
  slot,
  entityId,
  refreshKey,
}: {
  slot: Exclude<AdminSlot, 'admin:nav'>;
  entityId?: string;
  refreshKey?: unknown;
}) {
  const { extensions, error, refetch } = useExtensions(slot);
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        Plugin extensions could not be loaded: {describeError(error)}{' '}
        <Button variant="outline" onClick={() => void refetch()}>
          Retry
        </Button>
      </p>
    );
  return extensions.map((ext) => (
    <MountedExtension key={`${ext.plugin}/${ext.id}`} extension={ext} entityId={entityId} refreshKey={refreshKey} />
  ));
}

/** One extension's region: its element once its script is in, or what went wrong. */
export function MountedExtension({
  extension,
  entityId,
  refreshKey,
  headingLevel = 2,
}: {
  extension: AdminExtension;
  entityId?: string;
  refreshKey?: unknown;
  headingLevel?: 1 | 2;
}) {
  const host = useRef<HTMLDivElement>(null);
  const element = useRef<ExtensionElement | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { component } = extension;

  useEffect(() => {
    let current = true;
    // The host node this effect fills is the one it empties on cleanup (the ref may point elsewhere by then).
    const node = host.current;
    setFailure(null);
    loadExtension(component).then(
      () => {
        if (!current || !node) return;
        element.current = createExtensionElement(component, entityId);
        node.replaceChildren(element.current);
      },
      (err: Error) => current && setFailure(err),
    );
    return () => {
      current = false;
      element.current = null;
      node?.replaceChildren();
    };
  }, [component, entityId, attempt]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    element.current?.dispatchEvent(new CustomEvent('svc-refresh'));
  }, [refreshKey]);

  const label = extension.label ?? extension.plugin;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      aria-label={label}
      data-extension={`${extension.plugin}/${extension.id}`}
      className="space-y-2 rounded-md border border-slate-200 p-4"
    >
      <Heading className={headingLevel === 1 ? 'text-2xl font-semibold' : 'text-lg font-semibold'}>{label}</Heading>
      {failure && (
        <div role="alert" className="space-y-2 text-sm text-red-700">
          <p>{failure.message}</p>
          <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </Button>
        </div>
      )}
      <div ref={host} className={PLUGIN_CONTENT} />
    </section>
  );
}
