import { redirect } from 'react-router';

import { ApiError } from './api.server';
import { signedOut } from './auth.server';
import { localePath } from './locale';
import type { PageContext } from './page.server';
import { sessionCookie } from './session.server';

/** An account page needs a signed-in customer: anyone else goes to sign in (and comes back here afterwards). */
export function requireCustomer(ctx: PageContext, request: Request) {
  if (ctx.session.accessToken) return;
  const here = new URL(request.url);
  throw redirect(`${localePath(ctx.locale, '/account/sign-in')}?back=${encodeURIComponent(here.pathname)}`);
}

/** A session the service no longer accepts (revoked, expired) is signed out here too, and sent to sign in. */
export function onAccountError(ctx: PageContext, err: unknown): never {
  if (
    err instanceof ApiError &&
    (err.code === 'unauthorized' || err.code === 'token_expired' || err.code === 'token_revoked')
  )
    throw redirect(localePath(ctx.locale, '/account/sign-in'), {
      headers: { 'set-cookie': sessionCookie(signedOut(ctx.session)) },
    });
  throw err;
}
