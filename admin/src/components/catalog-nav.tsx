import { Link } from '@tanstack/react-router';

/**
 * The catalog's second level: the primary navigation has eight names (issue 25), so property groups, attributes
 * and tags are reached from Categories as tabs of the same area. Links (not ARIA tabs): each is its own screen
 * with its own URL, so it can be shared and reloaded.
 */
const ITEMS = [
  { to: '/categories', label: 'Categories' },
  { to: '/properties', label: 'Property groups' },
  { to: '/attributes', label: 'Attributes' },
  { to: '/tags', label: 'Tags' },
] as const;

export function CatalogNav() {
  return (
    <nav aria-label="Catalog" className="border-b border-slate-200">
      <ul className="flex flex-wrap gap-1">
        {ITEMS.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              activeOptions={{ exact: true, includeSearch: false }}
              className="-mb-px block border-b-2 border-transparent px-3 py-2 text-sm hover:bg-slate-100"
              activeProps={{ className: 'border-blue-700 font-semibold', 'aria-current': 'page' }}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
