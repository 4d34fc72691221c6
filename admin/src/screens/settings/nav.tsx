import { Link } from '@tanstack/react-router';

import { useCan } from '../../api/session';

/**
 * Settings' sub-navigation. Shipping methods, payment methods and tax rules live here rather than in the primary
 * navigation, whose eight names are fixed by issue 25 (docs/decisions.md, admin section). Each entry shows only
 * with the permission its screen needs.
 */
export const SETTINGS_PAGES = [
  { to: '/settings/staff', label: 'Staff', permission: 'users.manage', about: 'Staff users and their roles.' },
  { to: '/settings/api-keys', label: 'API keys', permission: 'api_keys.manage', about: 'Keys for integrations.' },
  {
    to: '/settings/plugins',
    label: 'Plugins',
    permission: 'plugins.manage',
    about: 'Installed plugins and their state.',
  },
  {
    to: '/settings/automation',
    label: 'Automation deliveries',
    permission: 'plugins.manage',
    about: 'Webhook deliveries of the automation plugin: inspect and replay.',
  },
  {
    to: '/settings/emails',
    label: 'Emails',
    permission: 'orders.read',
    about: 'Transactional emails: what was sent, kept or failed, as the recipient sees it; resend.',
  },
  { to: '/settings/shipping', label: 'Shipping methods', permission: 'shipping.read', about: 'What checkout offers.' },
  {
    to: '/settings/payment-methods',
    label: 'Payment methods',
    permission: 'payment.read',
    about: 'Manual payment or the payment provider.',
  },
  { to: '/settings/tax', label: 'Tax rules', permission: 'tax.read', about: 'Rates by country and type.' },
] as const;

export function SettingsNav() {
  const can = useCan();
  return (
    <nav aria-label="Settings" className="border-b border-slate-200 pb-2">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to="/settings"
            activeOptions={{ exact: true }}
            className="block rounded-md px-3 py-2 text-sm hover:bg-slate-100"
            activeProps={{ className: 'bg-slate-200 font-semibold', 'aria-current': 'page' }}
          >
            Overview
          </Link>
        </li>
        {SETTINGS_PAGES.filter((p) => can(p.permission)).map((p) => (
          <li key={p.to}>
            <Link
              to={p.to}
              className="block rounded-md px-3 py-2 text-sm hover:bg-slate-100"
              activeProps={{ className: 'bg-slate-200 font-semibold', 'aria-current': 'page' }}
            >
              {p.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
