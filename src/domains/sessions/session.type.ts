import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description: "The spec's token pair. The access token lives 15 minutes (`expiresIn` 900), the refresh token 7 days.",
})
export class TokenPair {
  @Field() accessToken!: string;
  @Field({ description: 'Works once: refreshing consumes it; presenting it again revokes its whole family.' })
  refreshToken!: string;
  @Field(() => Int) expiresIn!: number;
  @Field({ description: 'Always `Bearer`.' }) tokenType!: string;
}

@ObjectType()
export class LogoutResult {
  @Field({ description: 'Always `logged out`.' }) message!: string;
}
