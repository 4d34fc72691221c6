import { useEffect, useState } from 'react';
import { Form } from 'react-router';

import { type Locale, localePath } from '../lib/locale';
import { messagesFor } from '../lib/messages';

export interface ShopHeaderProps {
  locale: Locale;
  shopName: string;
  nav: { name: string; slug: string }[];
  cartCount: number;
  signedIn: boolean;
}

/** The header on every page: the shop's name (home), categories, search, the cart with its count, the account. */
export function ShopHeader({ locale, shopName, nav, cartCount, signedIn }: ShopHeaderProps) {
  const t = messagesFor(locale);
  const suggestions = useSuggestions(locale);
  return (
    <header className="border-b border-stone-200 bg-white">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        {t.skipToContent}
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-4">
        <a href={localePath(locale, '/')} className="text-xl font-bold text-brand-700">
          {shopName}
        </a>
        <Form method="get" action={localePath(locale, '/search')} role="search" className="flex flex-1 gap-2">
          <label htmlFor="site-search" className="sr-only">
            {t.search}
          </label>
          <input
            id="site-search"
            type="search"
            name="q"
            maxLength={200}
            list="search-suggestions"
            autoComplete="off"
            onInput={(e) => suggestions.ask(e.currentTarget.value)}
            placeholder={t.searchPlaceholder}
            className="w-full max-w-md rounded border border-stone-400 px-3 py-2"
          />
          <datalist id="search-suggestions">
            {suggestions.names.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <button type="submit" className="rounded bg-brand-700 px-3 py-2 text-white hover:bg-brand-800">
            {t.search}
          </button>
        </Form>
        <nav aria-label={t.account} className="flex items-center gap-4">
          <a href={localePath(locale, '/cart')} className="font-medium underline-offset-4 hover:underline">
            {`${t.cart} (${cartCount})`}
          </a>
          <a
            href={localePath(locale, signedIn ? '/account' : '/account/sign-in')}
            className="underline-offset-4 hover:underline"
          >
            {signedIn ? t.account : t.signIn}
          </a>
        </nav>
      </div>
      {nav.length > 0 && (
        <nav aria-label={t.categories} className="border-t border-stone-100 bg-stone-50">
          <ul className="mx-auto flex max-w-6xl flex-wrap gap-6 px-4 py-2 text-sm">
            {nav.map((c) => (
              <li key={c.slug}>
                <a href={localePath(locale, `/c/${c.slug}`)} className="hover:underline">
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}

/**
 * Product names for the search box's suggestions (a native datalist: keyboard and screen readers know it), asked
 * of /search/suggest a moment after the shopper stops typing. Without JavaScript the box is a plain search.
 */
function useSuggestions(locale: Locale) {
  const [text, setText] = useState('');
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    if (text.trim().length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${localePath(locale, '/search/suggest')}?q=${encodeURIComponent(text)}`, { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<{ suggestions: string[] }>) : { suggestions: [] }))
        .then((body) => setNames(body.suggestions))
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, locale]);
  return { names, ask: setText };
}
