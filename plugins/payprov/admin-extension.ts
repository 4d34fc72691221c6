import { integrityOf } from './page';

/**
 * payprov's admin extension: a payment panel on the admin's order screen (slot `admin:order:detail`). The
 * element is plain JavaScript served from the plugin's assets; its integrity is computed from the served file at
 * start, so the hash cannot drift from the bytes. It needs no external origin: it talks to the service through
 * the `gql` function the admin gives it.
 */
export const PAYPROV_ADMIN_EXTENSION = {
  id: 'payprov-order-panel',
  slot: 'admin:order:detail',
  type: 'component' as const,
  label: 'Provider payments',
  component: {
    tagName: 'payprov-order-panel',
    scriptUrl: '/plugins/payprov/assets/payprov-order-panel.js',
    integrity: integrityOf('payprov-order-panel.js'),
    origins: [],
  },
};
