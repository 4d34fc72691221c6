import { Field, InputType } from 'type-graphql';

import { Rules } from '../../shared/validation/rules';

@InputType()
export class LoginInput {
  @Field() @Rules({ minLength: 1, maxLength: 320 }) email!: string;
  @Field() @Rules({ minLength: 1, maxLength: 1024 }) password!: string;
}

@InputType({ description: 'Without `refreshToken` the `svc_refresh_token` cookie is used.' })
export class RefreshInput {
  @Field({ nullable: true }) refreshToken?: string;
}

@InputType()
export class LogoutInput {
  @Field({
    nullable: true,
    description: "Also revokes this token's owner's sessions when no access token is presented.",
  })
  refreshToken?: string;
}
