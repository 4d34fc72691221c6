import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';

import { ApiError, describeError } from '../api/errors';
import { errorText } from '../lib/error-text';

/**
 * What the screens reachable without a session share (forgot password, reset, accept invite): the sign-in
 * screen's frame, the token read from the URL fragment, and the password errors of the service in words.
 */

/** The centred card of the sign-in screen, outside the signed-in layout. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm space-y-4 rounded-lg bg-white p-6 shadow">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/**
 * The `#token=…` of an emailed link, read once; then the fragment is removed from the address bar (and from the
 * history entry), so the token is not left for a screenshot, a shared URL or the browser's history to keep. A
 * fragment is never sent to a server nor in a Referer; the token goes only into the one mutation that needs it.
 */
export function useFragmentToken(): string | undefined {
  const [token] = useState(() => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? undefined);
  useEffect(() => {
    if (!window.location.hash) return;
    const { pathname, search } = window.location;
    // The router's own history state is kept: only the URL loses its fragment.
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }, []);
  return token;
}

/** Field details of a password the service refused, beyond the shared ones (`common_password`). */
export function passwordErrorText(code: string | undefined, detail: string | undefined): string {
  if (detail === 'common_password') return 'This password is one of the most common ones: choose another.';
  if (detail === 'min_length') return 'At least 8 characters.';
  if (detail === 'max_length') return 'At most 128 characters.';
  return errorText(code, detail);
}

/** The one sentence for a request refused by the rate limit (429), else the shared description. */
export function describePublicError(error: unknown): string {
  if (error instanceof ApiError && error.code === 'rate_limited')
    return 'Too many attempts from this address. Wait a few minutes, then try again.';
  // invalid_token: the service's own sentence ("this password reset link is invalid, expired or already used…").
  if (error instanceof ApiError && error.code === 'invalid_token') {
    const t = error.message.trim();
    return `${t[0].toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`;
  }
  return describeError(error);
}

/** The password field's own error in an ApiError (`validation_error` on `password`), if any. */
export function passwordFieldError(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.code !== 'validation_error') return undefined;
  const entry = error.entries.find((e) => e.field?.split('.').pop() === 'password');
  return entry && passwordErrorText(entry.code, entry.detail);
}
