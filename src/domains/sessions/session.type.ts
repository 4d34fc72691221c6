import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    "The spec's token pair. The access token lives 15 minutes (`expiresIn` 900), the refresh token 7 days, the session `auth.session_max_age_days` from its login. With `cookie: true` both tokens are in the HttpOnly cookies only and null here.",
})
export class TokenPair {
  @Field(() => String, { nullable: true, description: 'Null with `cookie: true` (it is in `svc_access_token`).' })
  accessToken!: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      'Works once: refreshing consumes it; presenting it again revokes its whole family. Null with `cookie: true` (it is in `svc_refresh_token`).',
  })
  refreshToken!: string | null;
  @Field(() => Int) expiresIn!: number;
  @Field({ description: 'Always `Bearer`.' }) tokenType!: string;
}

@ObjectType()
export class LogoutResult {
  @Field({ description: 'Always `logged out`.' }) message!: string;
}
