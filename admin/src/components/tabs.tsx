import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

import { cn } from '../lib/cn';

export interface TabItem {
  id: string;
  label: string;
}

interface TabsProps {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  /** The selected tab's panel (only it is rendered: its fields' labels stay unique on the page). */
  children: ReactNode;
  /** Something after the last tab (e.g. a control that adds one). */
  after?: ReactNode;
}

/**
 * ARIA tabs (WAI-ARIA Authoring Practices, automatic activation): one tab in the Tab order, arrow keys, Home and
 * End move between tabs, the panel is labelled by its tab.
 */
export function Tabs({ label, tabs, selected, onSelect, children, after }: TabsProps) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

  function onKeyDown(e: KeyboardEvent) {
    const index = tabs.findIndex((t) => t.id === selected);
    let next: number;
    if (e.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    else return;
    e.preventDefault();
    onSelect(tabs[next].id);
    refs.current[tabs[next].id]?.focus();
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-2 border-b border-slate-200">
        <div role="tablist" aria-label={label} className="flex flex-wrap gap-1" onKeyDown={onKeyDown}>
          {tabs.map((tab) => {
            const active = tab.id === selected;
            return (
              <button
                key={tab.id}
                ref={(el) => {
                  refs.current[tab.id] = el;
                }}
                id={tabId(tab.id)}
                type="button"
                role="tab"
                aria-selected={active}
                aria-controls={active ? panelId : undefined}
                tabIndex={active ? 0 : -1}
                onClick={() => onSelect(tab.id)}
                className={cn(
                  '-mb-px border-b-2 px-3 py-2 text-sm',
                  active ? 'border-blue-700 font-semibold' : 'border-transparent hover:bg-slate-100',
                )}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {after}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0} className="space-y-4">
        {children}
      </div>
    </div>
  );
}
