import { useEffect, useId, useState } from 'react';

import { inputClass } from './ui/field';

/** The list's search box (role `searchbox`, labelled **Search**): applied after a short pause in typing. */
export function SearchField({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const id = useId();
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <form
      role="search"
      className="max-w-md space-y-1"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium">
        Search
      </label>
      <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} className={inputClass} />
    </form>
  );
}
