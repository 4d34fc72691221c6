import { Form, useSubmit } from 'react-router';

import { type SortKey, sortLabels } from '../lib/listing';
import type { Messages } from '../lib/messages';

/**
 * "Sort by": a GET form, so it works without JavaScript (the Apply button); with JavaScript a change submits at once.
 * It keeps the page's other parameters (filters) and goes back to the first page.
 */
export function SortControl({ t, sortKey, url }: { t: Messages; sortKey: SortKey; url: string }) {
  const submit = useSubmit();
  const here = new URL(url, 'http://x');
  const kept = [...here.searchParams.entries()].filter(([k]) => k !== 'sort' && k !== 'page');
  return (
    <Form method="get" className="flex items-center gap-2" onChange={(e) => void submit(e.currentTarget)}>
      {kept.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="sort-by" className="text-sm">
        {t.sortBy}
      </label>
      <select id="sort-by" name="sort" defaultValue={sortKey} className="rounded border border-stone-400 px-2 py-1">
        {Object.entries(sortLabels(t)).map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded border border-stone-400 px-2 py-1">
          {t.apply}
        </button>
      </noscript>
    </Form>
  );
}
