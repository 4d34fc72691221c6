import { Button } from './ui/button';

interface PagerProps {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / next over a server-side paged list. */
export function Pager({ page, pages, total, onPage }: PagerProps) {
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4 py-3 text-sm">
      <p>
        {total} {total === 1 ? 'result' : 'results'} · page {pages === 0 ? 0 : page} of {pages}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
