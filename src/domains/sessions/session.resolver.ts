import { Arg, Ctx as Context, Mutation, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { RateLimit } from '../../context/limits';
import { Raises } from '../../shared/raises';
import { LoginInput, LogoutInput, RefreshInput } from './session.inputs';
import * as sessions from './session.service';
import { LogoutResult, TokenPair } from './session.type';

const cookieArg = {
  nullable: true,
  description:
    'Set the HttpOnly session cookies (browsers) instead of answering the tokens, which the answer leaves out (GraphQL: null); see contract §4.',
} as const;

@Resolver()
export class SessionResolver {
  @Mutation(() => TokenPair, {
    description:
      'Login for admin users, then customers. 401 `invalid_credentials`; 429 `account_locked` after 5 failures.',
  })
  @RateLimit('login')
  @Raises('invalid_credentials', 'account_locked', 'email_not_verified')
  login(
    @Context() ctx: Ctx,
    @Arg('input', () => LoginInput) input: LoginInput,
    @Arg('cookie', () => Boolean, cookieArg) cookie?: boolean,
  ) {
    return sessions.login(ctx, input, { scope: 'any', cookie });
  }

  @Mutation(() => TokenPair, { description: 'Login for customers only (store).' })
  @RateLimit('login')
  @Raises('invalid_credentials', 'account_locked', 'email_not_verified')
  customerLogin(
    @Context() ctx: Ctx,
    @Arg('input', () => LoginInput) input: LoginInput,
    @Arg('cookie', () => Boolean, cookieArg) cookie?: boolean,
  ) {
    return sessions.login(ctx, input, { scope: 'customer', cookie });
  }

  @Mutation(() => TokenPair, {
    description:
      'Exchanges a refresh token (once) for a new pair of the same family. 401 `invalid_token`; 401 `session_expired` once the session is `auth.session_max_age_days` old (in cookie mode its cookies are cleared).',
  })
  @Raises('invalid_token', 'session_expired')
  tokenRefresh(
    @Context() ctx: Ctx,
    @Arg('input', () => RefreshInput, { nullable: true }) input?: RefreshInput,
    @Arg('cookie', () => Boolean, cookieArg) cookie?: boolean,
  ) {
    return sessions.refresh(ctx, input, { cookie });
  }

  @Mutation(() => LogoutResult, {
    description: "Revokes the presented access token and the user's refresh tokens. Always succeeds.",
  })
  logout(@Context() ctx: Ctx, @Arg('input', () => LogoutInput, { nullable: true }) input?: LogoutInput) {
    return sessions.logout(ctx, input);
  }
}
