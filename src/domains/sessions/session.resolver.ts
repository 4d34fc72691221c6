import { Arg, Ctx as Context, Mutation, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { RateLimit } from '../../context/limits';
import { Raises } from '../../shared/raises';
import { LoginInput, LogoutInput, RefreshInput } from './session.inputs';
import * as sessions from './session.service';
import { LogoutResult, TokenPair } from './session.type';

const cookieArg = {
  nullable: true,
  description: 'Also set the HttpOnly session cookies (browsers); see contract §4.',
} as const;

@Resolver()
export class SessionResolver {
  @Mutation(() => TokenPair, {
    description:
      'Login for admin users, then customers. 401 `invalid_credentials`; 429 `account_locked` after 5 failures.',
  })
  @RateLimit('login')
  @Raises('invalid_credentials', 'account_locked')
  login(
    @Context() ctx: Ctx,
    @Arg('input', () => LoginInput) input: LoginInput,
    @Arg('cookie', () => Boolean, cookieArg) cookie?: boolean,
  ) {
    return sessions.login(ctx, input, { scope: 'any', cookie });
  }

  @Mutation(() => TokenPair, { description: 'Login for customers only (store).' })
  @RateLimit('login')
  @Raises('invalid_credentials', 'account_locked')
  customerLogin(
    @Context() ctx: Ctx,
    @Arg('input', () => LoginInput) input: LoginInput,
    @Arg('cookie', () => Boolean, cookieArg) cookie?: boolean,
  ) {
    return sessions.login(ctx, input, { scope: 'customer', cookie });
  }

  @Mutation(() => TokenPair, {
    description: 'Exchanges a refresh token (once) for a new pair of the same family. 401 `invalid_token`.',
  })
  @Raises('invalid_token')
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
