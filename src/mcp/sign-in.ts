import type { Actor } from '../context/actor';
import { AppError } from '../shared/errors';
import { toolError, type ToolResult, toolSuccess } from './run-tool';

/**
 * Signing in over MCP. A stdio connection is one session of one process, so `store_login` can sign it in: the
 * tokens it receives never reach the model; the session's caller becomes the customer until the access token
 * expires, then falls back to whoever the process started as. A stateless HTTP connection has no session to
 * sign in (its Authorization header decides who calls), so it is not offered `store_login` or `store_register`.
 */
export interface SignInState {
  /** Resolves an access token to its actor (the same check a request's Authorization header gets). */
  resolve: (accessToken: string) => Promise<Actor>;
  /** Who the session acts as without a sign-in, and until when the sign-in holds (ms since epoch). */
  signedIn?: { previous: Actor; until: number };
}

/** The caller's actor now: a sign-in past its access token's expiry is dropped (one signs in again). */
export function currentActor(state: SignInState | undefined, actor: Actor): Actor {
  if (state?.signedIn && Date.now() >= state.signedIn.until) {
    const { previous } = state.signedIn;
    state.signedIn = undefined;
    return previous;
  }
  return actor;
}

/** Turns store_login's answer into the session's sign-in; the answer the model sees names the customer only. */
export async function signInFrom(
  state: SignInState,
  result: ToolResult,
  actor: Actor,
  maxBytes: number,
): Promise<{ result: ToolResult; actor: Actor }> {
  if (result.isError) return { result, actor };
  const tokens = JSON.parse(result.content[0].text) as { access_token: string; expires_in: number };
  const signedIn = await state.resolve(tokens.access_token);
  if (signedIn.kind !== 'customer')
    return { result: toolError(new AppError('unauthorized', 'the sign-in did not yield a customer')), actor };
  state.signedIn = { previous: state.signedIn?.previous ?? actor, until: Date.now() + tokens.expires_in * 1000 };
  return {
    actor: signedIn,
    result: toolSuccess(
      {
        signed_in: true,
        customer: { id: signedIn.id, email: signedIn.email },
        expires_in: tokens.expires_in,
        message:
          'Later calls on this connection act as this customer (their carts need no cart_token). ' +
          'After expires_in seconds, call store_login again.',
      },
      maxBytes,
    ),
  };
}
