import { Arg, Args, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import * as media from './media.service';
import { Media, MediaLimits, MediaList, MediaUpdateInput, MediaUploadInput } from './media.type';

const PAGE = { limit: 20, max: 200 };

@Resolver(() => Media)
export class MediaResolver {
  @Query(() => MediaList, { description: 'Uploaded files, newest first.' })
  mediaList(@Context() ctx: Ctx, @Args(() => PageArgs) { page, limit }: PageArgs) {
    return media.listMedia(ctx, resolvePage(page, limit, PAGE));
  }

  @Query(() => Media)
  media(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return media.getMedia(ctx, id);
  }

  @Mutation(() => Media, {
    description: 'Stores a file (type sniffed from its content; 415 when not allowed).',
  })
  @Raises('provider_error')
  mediaUpload(@Context() ctx: Ctx, @Arg('input', () => MediaUploadInput) input: MediaUploadInput) {
    return media.uploadMedia(ctx, input);
  }

  @Query(() => MediaLimits, { description: 'The upload rules: largest file and accepted types.' })
  mediaLimits(@Context() ctx: Ctx) {
    return media.mediaLimits(ctx);
  }

  @Mutation(() => Media, { description: "Changes a file's alt text." })
  mediaUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => MediaUpdateInput) input: MediaUpdateInput,
  ) {
    return media.updateMedia(ctx, id, input);
  }

  @Mutation(() => Boolean, { description: 'Deletes a file and its record.' })
  @Raises('provider_error', 'invalid_media_path')
  mediaDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return media.deleteMedia(ctx, id);
  }
}
