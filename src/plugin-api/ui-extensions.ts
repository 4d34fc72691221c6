import { isAdminExtension } from '../context/plugins';

/**
 * A UI extension a plugin declares (the spec's "UI extension"): a web component mounted into a named slot of a
 * storefront (`storefront:…`, chosen by the storefront) or of the admin dashboard (one of {@link ADMIN_SLOTS}).
 * Its script origins are added to `script-src`, `frame-src` and `connect-src` of the HTML pages' nonce CSP.
 */
export interface UiExtension {
  id: string;
  /** Where it is mounted, e.g. `storefront:checkout:payment` or `admin:order:detail`. */
  slot: string;
  type: 'component';
  /**
   * A short human name: the link text of an `admin:nav` entry (required there), the accessible name of the
   * region the admin mounts any other admin extension in (the plugin's name without it).
   */
  label?: string;
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

/**
 * The admin dashboard's slots. Each detail slot gets the entity's id as the element's `entity-id` attribute;
 * `admin:nav` adds a navigation entry named `label` that opens `/admin/plugins/<plugin>/<id>`, a page holding
 * only the element. Every admin element gets a `gql(query, variables)` property: the signed-in staff member's
 * GraphQL client (cookie session, CSRF token), so it can do exactly what that person may.
 */
export const ADMIN_SLOTS = [
  'admin:home',
  'admin:nav',
  'admin:order:detail',
  'admin:product:detail',
  'admin:customer:detail',
] as const;
export type AdminSlot = (typeof ADMIN_SLOTS)[number];

const TAG = /^[a-z][a-z0-9._]*-[a-z0-9._-]*$/;
const SLOT = /^[a-z0-9_-]+(:[a-z0-9_-]+)+$/;
const SRI = /^sha384-[A-Za-z0-9+/]{64}$/;
const LABEL_MAX = 40;

function isHttpsOrigin(value: string): boolean {
  const url = URL.parse(value);
  return !!url && url.protocol === 'https:' && url.origin === value && /^[a-z0-9.-]+$/i.test(url.hostname);
}

const isLocalPath = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');

/** Problems of an admin extension's slot, label and script. */
function adminProblems(ext: UiExtension): string[] {
  const problems: string[] = [];
  if (!(ADMIN_SLOTS as readonly string[]).includes(ext.slot))
    problems.push(`slot ${JSON.stringify(ext.slot)}: admin slots are ${ADMIN_SLOTS.join(', ')}`);
  const label = ext.label ?? '';
  if (ext.slot === 'admin:nav' && !label.trim()) problems.push('label: required for an admin:nav entry');
  if (label.length > LABEL_MAX || /[\u0000-\u001f\u007f]/.test(label))
    problems.push(`label: at most ${LABEL_MAX} characters, no control characters`);
  // The dashboard runs as a signed-in staff member: it loads only scripts the plugin serves itself (its
  // `serveAssets` folder), never a third party's, so what runs there is what was installed.
  if (!isLocalPath(ext.component?.scriptUrl ?? '') || !ext.component.scriptUrl.startsWith('/plugins/'))
    problems.push(
      `scriptUrl ${JSON.stringify(ext.component?.scriptUrl)}: an admin script is served by the plugin (/plugins/…)`,
    );
  return problems;
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
  if (ext.label !== undefined && typeof ext.label !== 'string') problems.push('label: a string');
  if (!c) return [...problems, 'component: required'];
  if (SLOT.test(ext.slot) && isAdminExtension(ext)) problems.push(...adminProblems(ext));
  if (!TAG.test(c.tagName ?? ''))
    problems.push(`tagName ${JSON.stringify(c.tagName)}: a custom element name with a hyphen`);
  const script = c.scriptUrl ?? '';
  if (!isLocalPath(script) && URL.parse(script)?.protocol !== 'https:')
    problems.push(`scriptUrl ${JSON.stringify(script)}: https URL or a path on this server`);
  if (!SRI.test(c.integrity ?? '')) problems.push('integrity: expected sha384-<base64 of 48 bytes>');
  for (const origin of c.origins ?? [])
    if (!isHttpsOrigin(origin)) problems.push(`origin ${JSON.stringify(origin)}: expected https://host[:port]`);
  return problems;
}
