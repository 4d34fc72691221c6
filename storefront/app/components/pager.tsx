import { withQuery } from '../lib/listing';
import type { Messages } from '../lib/messages';

/** Previous / Next links that keep the page's filters and sort; a missing direction is plain text. */
export function Pager({ url, page, pages, t }: { url: string; page: number; pages: number; t: Messages }) {
  if (pages <= 1) return null;
  const here = new URL(url, 'http://x');
  return (
    <nav aria-label={`${t.page} ${page} ${t.of} ${pages}`} className="mt-8 flex items-center justify-between">
      {page > 1 ? (
        <a rel="prev" className="underline" href={withQuery(here, { page: page - 1 === 1 ? null : String(page - 1) })}>
          {t.previous}
        </a>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-600">
        {t.page} {page} {t.of} {pages}
      </span>
      {page < pages ? (
        <a rel="next" className="underline" href={withQuery(here, { page: String(page + 1) })}>
          {t.next}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
