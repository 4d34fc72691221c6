import { data } from 'react-router';

/** Any other address: the root's error boundary shows the 404 page in the URL's locale. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
