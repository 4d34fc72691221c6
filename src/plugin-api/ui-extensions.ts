/**
 * A storefront UI extension a plugin declares (the spec's "UI extension"): a web component mounted into a
 * slot of the storefront. Its script origins are added to `script-src`, `frame-src` and `connect-src` of the
 * HTML pages' nonce CSP.
 */
export interface UiExtension {
  id: string;
  /** Where the storefront mounts it, e.g. `storefront:checkout:payment`. */
  slot: string;
  type: 'component';
  component: {
    /** A custom element name (must contain a hyphen). */
    tagName: string;
    scriptUrl: string;
    /** Subresource Integrity of the script: `sha384-<base64>`. */
    integrity: string;
    /** External origins the component loads from or talks to (`https://js.example.com`). */
    origins: string[];
  };
}

const TAG = /^[a-z][a-z0-9._]*-[a-z0-9._-]*$/;
const SLOT = /^[a-z0-9_-]+(:[a-z0-9_-]+)+$/;
const SRI = /^sha384-[A-Za-z0-9+/]{64}$/;

function isHttpsOrigin(value: string): boolean {
  const url = URL.parse(value);
  return !!url && url.protocol === 'https:' && url.origin === value && /^[a-z0-9.-]+$/i.test(url.hostname);
}

/** Problems of one extension (empty when valid); `scriptUrl` is https, or a path on this server. */
export function uiExtensionProblems(ext: UiExtension): string[] {
  const problems: string[] = [];
  const c = ext.component;
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(ext.id ?? ''))
    problems.push(`id ${JSON.stringify(ext.id)}: lower-case letters, digits, - and _`);
  if (!SLOT.test(ext.slot ?? ''))
    problems.push(`slot ${JSON.stringify(ext.slot)}: expected area:place, e.g. storefront:checkout:payment`);
  if (ext.type !== 'component') problems.push(`type ${JSON.stringify(ext.type)}: only "component" is supported`);
  if (!c) return [...problems, 'component: required'];
  if (!TAG.test(c.tagName ?? ''))
    problems.push(`tagName ${JSON.stringify(c.tagName)}: a custom element name with a hyphen`);
  const script = c.scriptUrl ?? '';
  if (!(script.startsWith('/') && !script.startsWith('//')) && URL.parse(script)?.protocol !== 'https:')
    problems.push(`scriptUrl ${JSON.stringify(script)}: https URL or a path on this server`);
  if (!SRI.test(c.integrity ?? '')) problems.push('integrity: expected sha384-<base64 of 48 bytes>');
  for (const origin of c.origins ?? [])
    if (!isHttpsOrigin(origin)) problems.push(`origin ${JSON.stringify(origin)}: expected https://host[:port]`);
  return problems;
}
