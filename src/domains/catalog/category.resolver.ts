import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx as Context, FieldResolver, Info, Mutation, Query, Resolver, Root } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { PageArgs, resolvePage } from '../../shared/pagination';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import { listItemFields } from '../../shared/selection-fields';
import * as categories from './category.service';
import {
  Category,
  CategoryCreateInput,
  CategoryList,
  CategoryTranslation,
  CategoryUpdateInput,
  Tag,
  TagCreateInput,
  TagList,
  TagUpdateInput,
} from './category.type';
import { LOCALE_ARG, localized } from './localized';
import * as tags from './tag.service';

const PAGE = { limit: 20, max: 200 };

/** Category fields answered from its translations. */
const TRANSLATED = ['translations', 'name', 'slug', 'description'];

@Resolver(() => Category)
export class CategoryResolver {
  @Query(() => CategoryList, {
    description: 'Categories, filtered by parent and active flag.',
  })
  categories(
    @Context() ctx: Ctx,
    @Info() info: GraphQLResolveInfo,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('parentId', () => UuidScalar, { nullable: true }) parentId?: string,
    @Arg('active', () => Boolean, { nullable: true }) active?: boolean,
    @Arg('roots', () => Boolean, {
      nullable: true,
      description: 'Only top-level categories (no parent): with `parentId`, a tree is read one level at a time.',
    })
    roots?: boolean,
    @Arg('search', () => String, {
      nullable: true,
      description: 'Matches a translation’s name or slug (pickers search instead of loading the tree).',
    })
    search?: string,
  ) {
    const filter = { parentId, active, roots, search };
    const fields = listItemFields(info, false);
    const translations = TRANSLATED.some((f) => fields.has(f));
    return categories.listCategories(ctx, resolvePage(page, limit, PAGE), filter, translations);
  }

  @Query(() => Category)
  category(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return categories.getCategory(ctx, id);
  }

  @Query(() => [Category], { description: 'The active category tree (roots with nested `children`).' })
  storeCategories(@Context() ctx: Ctx) {
    return categories.storeCategoryTree(ctx);
  }

  @Query(() => Category, {
    description: 'An active category by slug in the `Accept-Language` locale, with its active subtree.',
  })
  storeCategory(@Context() ctx: Ctx, @Arg('slug') slug: string) {
    return categories.storeCategoryBySlug(ctx, slug);
  }

  @Mutation(() => Category)
  @Raises('duplicate_slug', 'invalid_parent', 'not_found', 'hook_rejected', 'conflict')
  categoryCreate(@Context() ctx: Ctx, @Arg('input', () => CategoryCreateInput) input: CategoryCreateInput) {
    return categories.createCategory(ctx, input);
  }

  @Mutation(() => Category, { description: '422 `invalid_parent` for a move under itself.' })
  @Raises('duplicate_slug', 'invalid_parent', 'hook_rejected', 'conflict', 'not_found')
  categoryUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => CategoryUpdateInput) input: CategoryUpdateInput,
  ) {
    return categories.updateCategory(ctx, id, input);
  }

  @Mutation(() => Boolean, { description: '409 `has_children` while it has children.' })
  @Raises('has_children', 'hook_rejected')
  categoryDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return categories.deleteCategory(ctx, id);
  }

  @FieldResolver(() => [CategoryTranslation])
  translations(@Root() c: Category, @Context() ctx: Ctx) {
    return ctx.loaders.categoryTranslations.load(c.id);
  }

  @FieldResolver(() => String, { description: 'Name in the chosen locale (see `locale`).' })
  async name(@Root() c: Category, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return localized(ctx, await ctx.loaders.categoryTranslations.load(c.id), locale)?.name ?? '';
  }

  @FieldResolver(() => String, { description: 'Slug in the chosen locale.' })
  async slug(@Root() c: Category, @Context() ctx: Ctx, @Arg('locale', () => String, LOCALE_ARG) locale?: string) {
    return localized(ctx, await ctx.loaders.categoryTranslations.load(c.id), locale)?.slug ?? '';
  }

  @FieldResolver(() => String, { nullable: true, description: 'Description in the chosen locale.' })
  async description(
    @Root() c: Category,
    @Context() ctx: Ctx,
    @Arg('locale', () => String, LOCALE_ARG) locale?: string,
  ) {
    return localized(ctx, await ctx.loaders.categoryTranslations.load(c.id), locale)?.description ?? null;
  }

  @FieldResolver(() => [Category], { description: 'Active children (store tree only; empty elsewhere).' })
  children(@Root() c: Category) {
    return c.children ?? [];
  }
}

@Resolver(() => Tag)
export class TagResolver {
  @Query(() => TagList, { description: '`search` matches name or slug.' })
  tags(
    @Context() ctx: Ctx,
    @Args(() => PageArgs) { page, limit }: PageArgs,
    @Arg('search', () => String, { nullable: true }) search?: string,
  ) {
    return tags.listTags(ctx, resolvePage(page, limit, PAGE), search);
  }

  @Query(() => Tag)
  tag(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return tags.getTag(ctx, id);
  }

  @Mutation(() => Tag, { description: '409 `duplicate_slug`.' })
  @Raises('duplicate_slug')
  tagCreate(@Context() ctx: Ctx, @Arg('input', () => TagCreateInput) input: TagCreateInput) {
    return tags.createTag(ctx, input);
  }

  @Mutation(() => Tag)
  @Raises('duplicate_slug')
  tagUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => TagUpdateInput) input: TagUpdateInput,
  ) {
    return tags.updateTag(ctx, id, input);
  }

  @Mutation(() => Boolean)
  tagDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return tags.deleteTag(ctx, id);
  }
}
