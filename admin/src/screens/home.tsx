import { Link, useRouteContext } from '@tanstack/react-router';

/** The start screen. The figures issue 25 asks for (today's orders, low stock, failed deliveries) come later. */
export function HomeScreen() {
  const { viewer } = useRouteContext({ from: '/_app' });
  return (
    <>
      <h1 className="text-2xl font-semibold">Home</h1>
      <p>Signed in as {viewer.email}.</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <Link to="/orders" search={{ page: 1, status: 'pending' }} className="text-blue-800 underline">
            Orders waiting for confirmation
          </Link>
        </li>
        <li>
          <Link to="/products" search={{ page: 1 }} className="text-blue-800 underline">
            Products
          </Link>
        </li>
      </ul>
      <p className="text-sm text-slate-700">The shop's figures (orders and revenue, low stock) are not built yet.</p>
    </>
  );
}
