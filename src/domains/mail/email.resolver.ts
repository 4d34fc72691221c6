import { Arg, Args, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { UuidScalar } from '../../shared/scalars';
import * as emails from './email.service';
import { Email, EmailList, EmailPreview, EmailStatus } from './email.type';
import { previewEmails } from './previews';

@Resolver(() => Email)
export class EmailResolver {
  @Query(() => EmailList, { description: 'Transactional emails, newest first, by status and kind.' })
  emails(
    @Context() ctx: Ctx,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('status', () => EmailStatus, { nullable: true }) status?: EmailStatus,
    @Arg('kind', () => String, { nullable: true }) kind?: string,
  ) {
    return emails.listEmails(ctx, { status, kind }, resolvePage(page, limit, { limit: 20, max: 100 }));
  }

  @Query(() => Email, { description: 'One email with its HTML and text parts.' })
  email(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return emails.getEmail(ctx, id);
  }

  @Query(() => [EmailPreview], {
    description:
      'Every email kind rendered with sample data for `locale` (default: `i18n.default_locale`), `mail.templates_dir` overrides included.',
  })
  emailPreviews(@Context() ctx: Ctx, @Arg('locale', () => String, { nullable: true }) locale?: string): EmailPreview[] {
    return previewEmails(ctx, locale);
  }

  @Mutation(() => Email, {
    description:
      'Sends an email again (attempts start over, same `Message-ID`); without `mail.smtp_url` it stays KEPT. A PENDING one is left as it is.',
  })
  emailResend(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return emails.resendEmail(ctx, id);
  }
}
