import { useLocation } from '@tanstack/react-router';

const TITLES: Record<string, string> = {
  inventory: 'Inventory',
  discounts: 'Discounts',
  settings: 'Settings',
};

/** A screen of issue 25 that is not built yet: said honestly, under its name. */
export function PlaceholderScreen() {
  const segment = useLocation({ select: (l) => l.pathname.split('/').filter(Boolean).pop() ?? '' });
  const title = TITLES[segment] ?? 'Not found';
  return (
    <>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p>
        This screen is not built yet. Until it is, the GraphQL API at <code>/graphql</code> and the REST API at{' '}
        <code>/api/v1</code> manage {title.toLowerCase()}.
      </p>
    </>
  );
}
