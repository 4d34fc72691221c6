/**
 * What the core knows of the plugins at run time (the host fills it): their state for the admin list, and
 * the storefront UI extensions of the active ones. Plain data, so domains can serve it without the host.
 */
export interface PluginStatus {
  name: string;
  version: string;
  description: string;
  state: 'active' | 'failed' | 'disabled';
  /** Why the plugin failed (init threw or timed out, invalid declaration). */
  error: string | null;
}

export interface PluginUiExtension {
  plugin: string;
  id: string;
  slot: string;
  type: string;
  /** An admin extension's name (the `admin:nav` link text). */
  label?: string;
  component: { tagName: string; scriptUrl: string; integrity: string; origins: string[] };
}

export interface PluginDirectory {
  list(): PluginStatus[];
  extensions(): PluginUiExtension[];
}

export const NO_PLUGINS: PluginDirectory = { list: () => [], extensions: () => [] };

/** Whether an extension is for the admin dashboard (slots `admin:…`) rather than a storefront. */
export const isAdminExtension = (ext: { slot: string }): boolean => ext.slot.startsWith('admin:');
