import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';

import { AdminRole } from '../../generated/prisma/enums';
import { PaginatedList } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';
import { Clearable, Rules } from '../../shared/validation/rules';

/** GraphQL names the stored roles in UPPER_CASE; the value behind each name is what the database and REST hold. */
export const AdminRoleEnum = {
  SUPER_ADMIN: AdminRole.super_admin,
  ADMIN: AdminRole.admin,
  MANAGER: AdminRole.manager,
  VIEWER: AdminRole.viewer,
} satisfies Record<Uppercase<AdminRole>, AdminRole>;
registerEnumType(AdminRoleEnum, {
  name: 'AdminRole',
  description: 'Staff roles (contract §4): `SUPER_ADMIN` alone holds `users.manage`.',
});

@ObjectType({ description: 'A staff account. The password hash never leaves the server.' })
export class AdminUser {
  @Field(() => UuidScalar) id!: string;
  @Field({ description: 'Stored trimmed and lower-cased.' }) email!: string;
  @Field(() => String, { nullable: true }) firstName!: string | null;
  @Field(() => String, { nullable: true }) lastName!: string | null;
  @Field(() => AdminRoleEnum) role!: AdminRole;
  @Field() active!: boolean;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export const AdminUserList = PaginatedList(AdminUser, 'AdminUserList');

@InputType({ description: 'A new staff account; `role` defaults to `admin`.' })
export class AdminUserCreateInput {
  @Field() @Rules({ minLength: 1, maxLength: 320, email: true }) email!: string;
  @Field({ description: '8 to 128 characters.' }) @Rules({ minLength: 8, maxLength: 128 }) password!: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) firstName?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) lastName?: string;
  @Field(() => AdminRoleEnum, { nullable: true }) role?: AdminRole;
  @Field({ nullable: true, description: 'Default true.' }) active?: boolean;
}

@InputType({
  description: "Changes to a staff account: only the fields given change. A new password ends the user's sessions.",
})
export class AdminUserUpdateInput {
  @Field({ nullable: true }) @Rules({ minLength: 1, maxLength: 320, email: true }) email?: string;
  @Field({ nullable: true }) @Rules({ minLength: 8, maxLength: 128 }) password?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) firstName?: string;
  @Clearable() @Field({ nullable: true }) @Rules({ maxLength: 255 }) lastName?: string;
  @Field(() => AdminRoleEnum, { nullable: true }) role?: AdminRole;
  @Field({ nullable: true }) active?: boolean;
}
