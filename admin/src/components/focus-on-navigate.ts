import { useRouter } from '@tanstack/react-router';
import { type RefObject, useEffect } from 'react';

/** How long a screen may take to show its heading (its data loading) before focus goes to `main` instead. */
const WAIT_MS = 4000;

/**
 * After a navigation to another screen, focus moves to the new screen's `h1` (or `main`, if none shows within a
 * few seconds), so a screen reader announces where the person now is instead of staying silent on the body. A
 * change of the URL's search alone (typing a search, turning a page) keeps focus where it is, and so does any
 * focus the person has already moved inside the new screen.
 */
export function useFocusOnNavigate(main: RefObject<HTMLElement | null>) {
  const router = useRouter();
  useEffect(() => {
    let stop: (() => void) | undefined;
    const unsubscribe = router.subscribe('onRendered', (event) => {
      if (!event.pathChanged || !event.fromLocation || !main.current) return;
      stop?.();
      stop = focusHeadingOf(main.current);
    });
    return () => {
      unsubscribe();
      stop?.();
    };
  }, [router, main]);
}

/** Focuses `main`'s `h1` once it is there; returns what stops waiting for it. */
function focusHeadingOf(main: HTMLElement): () => void {
  const started = document.activeElement;
  // Focus the person put somewhere in the new screen (a field, a button) is theirs: leave it.
  const moved = () => {
    const now = document.activeElement;
    return now !== null && now !== document.body && now !== started && main.contains(now);
  };
  const attempt = () => {
    const heading = main.querySelector('h1');
    if (!heading) return false;
    if (!moved()) {
      heading.tabIndex = -1;
      heading.focus();
    }
    return true;
  };
  if (attempt()) return () => undefined;
  const observer = new MutationObserver(() => attempt() && stop());
  const timer = setTimeout(() => {
    stop();
    if (!moved()) main.focus();
  }, WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
