import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';

import type { ResourceKeys } from '../resource/keys';
import { inputClass } from './ui/field';

export interface PickItem {
  id: string;
  label: string;
}

interface RelationPickerProps {
  /** The field's visible label (e.g. "Categories"). */
  label: string;
  /** The searched resource's keys: its searches are cached among its lists (a new category refreshes them). */
  lists: ResourceKeys;
  selected: readonly PickItem[];
  /** One page of matches from the server for the text typed (never the whole table). */
  search: (text: string) => Promise<PickItem[]>;
  onAdd: (item: PickItem) => void;
  onRemove: (id: string) => void;
  disabled?: boolean;
}

/**
 * A searching picker for a many-to-many relation (a product's categories or tags): the chosen items as removable
 * chips, then an ARIA combobox whose listbox holds the server's first matches for what is typed (after a short
 * pause). Arrow keys move through the matches, Enter adds one, Escape closes the list.
 */
export function RelationPicker({ label, lists, selected, search, onAdd, onRemove, disabled }: RelationPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const matches = useQuery({
    queryKey: lists.list({ of: 'pick', search: debounced }),
    queryFn: () => search(debounced),
    enabled: open,
    staleTime: 30_000,
  });
  const options = (matches.data ?? []).filter((m) => !selected.some((s) => s.id === m.id));
  // The highlighted match, kept inside the list: new matches for newer text may be fewer than the old ones.
  const current = Math.min(active, options.length - 1);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  function choose(item: PickItem) {
    onAdd(item);
    setText('');
    setActive(0);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive(Math.min(current + 1, Math.max(options.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(Math.max(current - 1, 0));
    } else if (e.key === 'Enter') {
      if (open && current >= 0) {
        e.preventDefault();
        choose(options[current]);
      }
    } else if (e.key === 'Escape') setOpen(false);
  }

  return (
    <div className="max-w-xl space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <ul aria-label={`Chosen ${label.toLowerCase()}`} className="flex flex-wrap gap-2">
        {selected.map((item) => (
          <li key={item.id} className="flex items-center gap-1 rounded-full bg-slate-200 px-3 py-1 text-sm">
            {item.label}
            {!disabled && (
              <button
                type="button"
                aria-label={`Remove ${item.label}`}
                onClick={() => onRemove(item.id)}
                className="rounded-full px-1 hover:bg-slate-300"
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </li>
        ))}
        {selected.length === 0 && <li className="text-sm text-slate-700">None.</li>}
      </ul>
      {!disabled && (
        <div className="relative">
          <input
            id={id}
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && current >= 0 ? optionId(current) : undefined}
            placeholder="Type to search"
            autoComplete="off"
            className={inputClass}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setActive(0);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={onKeyDown}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={`${label} found`}
            hidden={!open}
            className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-300 bg-white shadow"
          >
            {options.map((item, i) => (
              <li
                key={item.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(item);
                }}
                className={`cursor-pointer px-3 py-2 text-sm ${i === current ? 'bg-blue-100' : ''}`}
              >
                {item.label}
              </li>
            ))}
            {open && matches.isFetching && options.length === 0 && (
              <li role="option" aria-selected={false} aria-disabled className="px-3 py-2 text-sm text-slate-700">
                Searching…
              </li>
            )}
            {open && !matches.isFetching && matches.data && options.length === 0 && (
              <li role="option" aria-selected={false} aria-disabled className="px-3 py-2 text-sm text-slate-700">
                No matches.
              </li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
