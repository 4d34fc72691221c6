import { gql } from '../api/client';
import type { TypedDocumentString } from '../generated/graphql';

/**
 * Loading a plugin's admin extension at run time: its script goes into the page as a `<script>` carrying the
 * declared SRI hash (the browser refuses bytes that do not match) and the page's CSP nonce, which the server
 * writes on the `csp-nonce` meta for every load (src/http/admin-page.ts; browsers expose it only as the
 * element's `nonce` property). Each script loads once per page, however many slots use it.
 */

export interface ExtensionComponent {
  tagName: string;
  scriptUrl: string;
  integrity: string;
}

/** What an extension's element gets from the admin: `entity-id` (attribute) and this `gql` property. */
export type ExtensionGql = (query: string, variables?: Record<string, unknown>) => Promise<unknown>;
export type ExtensionElement = HTMLElement & { gql?: ExtensionGql };

const DEFINE_TIMEOUT_MS = 10_000;
const scripts = new Map<string, Promise<void>>();

const cspNonce = () => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';

function injectScript(component: ExtensionComponent): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = component.scriptUrl;
    script.integrity = component.integrity;
    script.crossOrigin = 'anonymous';
    script.nonce = cspNonce();
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`the extension script ${component.scriptUrl} did not load (missing, or its integrity differs)`));
    };
    document.head.append(script);
  });
}

function whenDefined(tagName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the extension script did not define <${tagName}>`)),
      DEFINE_TIMEOUT_MS,
    );
    void customElements.whenDefined(tagName).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Loads the component's script (once) and waits for its custom element; a failure may be retried. */
export function loadExtension(component: ExtensionComponent): Promise<void> {
  const key = `${component.scriptUrl} ${component.integrity}`;
  let loading = scripts.get(key);
  if (!loading) {
    loading = injectScript(component).then(() => whenDefined(component.tagName));
    loading.catch(() => scripts.delete(key));
    scripts.set(key, loading);
  }
  return loading;
}

/**
 * The API as the signed-in staff member: the admin's own client (cookie session, CSRF echo, silent refresh),
 * so an extension can do exactly what this person may, and nothing it is handed outlives the session.
 */
export const extensionGql: ExtensionGql = (query, variables) => {
  if (typeof query !== 'string' || !query.trim()) return Promise.reject(new TypeError('gql(query): a query string'));
  const document = query as unknown as TypedDocumentString<unknown, Record<string, unknown>>;
  return gql(document, variables ?? {});
};

/** Creates the extension's element with its API function and entity id (not yet in the page). */
export function createExtensionElement(component: ExtensionComponent, entityId?: string): ExtensionElement {
  const element = document.createElement(component.tagName) as ExtensionElement;
  element.gql = extensionGql;
  if (entityId) element.setAttribute('entity-id', entityId);
  return element;
}
