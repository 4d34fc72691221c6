import { Arg, Ctx as Context, Mutation, Query, Resolver } from 'type-graphql';

import type { Ctx } from '../../context/ctx';
import { Raises } from '../../shared/raises';
import { UuidScalar } from '../../shared/scalars';
import * as props from './property.service';
import {
  Attribute,
  AttributeInput,
  AttributeOption,
  AttributeOptionInput,
  PropertyGroup,
  PropertyGroupInput,
  PropertyOption,
  PropertyOptionInput,
} from './property.type';

@Resolver(() => PropertyGroup)
export class PropertyGroupResolver {
  @Query(() => [PropertyGroup], { description: 'All property groups with options.' })
  propertyGroups(@Context() ctx: Ctx) {
    return props.listPropertyGroups(ctx);
  }

  @Query(() => PropertyGroup)
  propertyGroup(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return props.getPropertyGroup(ctx, id);
  }

  @Mutation(() => PropertyGroup)
  @Raises('duplicate_identifier', 'invalid_identifier')
  propertyGroupCreate(@Context() ctx: Ctx, @Arg('input', () => PropertyGroupInput) input: PropertyGroupInput) {
    return props.savePropertyGroup(ctx, null, input);
  }

  @Mutation(() => PropertyGroup, { description: 'Full replacement.' })
  @Raises('duplicate_identifier', 'invalid_identifier')
  propertyGroupUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => PropertyGroupInput) input: PropertyGroupInput,
  ) {
    return props.savePropertyGroup(ctx, id, input);
  }

  @Mutation(() => Boolean)
  propertyGroupDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return props.deletePropertyGroup(ctx, id);
  }

  @Mutation(() => PropertyOption)
  propertyOptionCreate(
    @Context() ctx: Ctx,
    @Arg('groupId', () => UuidScalar) groupId: string,
    @Arg('input', () => PropertyOptionInput) input: PropertyOptionInput,
  ) {
    return props.savePropertyOption(ctx, groupId, null, input);
  }

  @Mutation(() => PropertyOption)
  propertyOptionUpdate(
    @Context() ctx: Ctx,
    @Arg('groupId', () => UuidScalar) groupId: string,
    @Arg('optionId', () => UuidScalar) optionId: string,
    @Arg('input', () => PropertyOptionInput) input: PropertyOptionInput,
  ) {
    return props.savePropertyOption(ctx, groupId, optionId, input);
  }

  @Mutation(() => Boolean)
  propertyOptionDelete(
    @Context() ctx: Ctx,
    @Arg('groupId', () => UuidScalar) groupId: string,
    @Arg('optionId', () => UuidScalar) optionId: string,
  ) {
    return props.deletePropertyOption(ctx, groupId, optionId);
  }
}

@Resolver(() => Attribute)
export class AttributeResolver {
  @Query(() => [Attribute], { description: 'All attributes with translations and options.' })
  attributes(@Context() ctx: Ctx) {
    return props.listAttributes(ctx);
  }

  @Query(() => Attribute)
  attribute(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return props.getAttribute(ctx, id);
  }

  @Mutation(() => Attribute)
  @Raises('duplicate_identifier', 'invalid_identifier', 'invalid_attribute_type')
  attributeCreate(@Context() ctx: Ctx, @Arg('input', () => AttributeInput) input: AttributeInput) {
    return props.saveAttribute(ctx, null, input);
  }

  @Mutation(() => Attribute, { description: 'Full replacement.' })
  @Raises('duplicate_identifier', 'invalid_identifier', 'invalid_attribute_type')
  attributeUpdate(
    @Context() ctx: Ctx,
    @Arg('id', () => UuidScalar) id: string,
    @Arg('input', () => AttributeInput) input: AttributeInput,
  ) {
    return props.saveAttribute(ctx, id, input);
  }

  @Mutation(() => Boolean, {
    description: 'Deletes the attribute, its options and all its values.',
  })
  attributeDelete(@Context() ctx: Ctx, @Arg('id', () => UuidScalar) id: string) {
    return props.deleteAttribute(ctx, id);
  }

  @Mutation(() => AttributeOption)
  attributeOptionCreate(
    @Context() ctx: Ctx,
    @Arg('attributeId', () => UuidScalar) attributeId: string,
    @Arg('input', () => AttributeOptionInput) input: AttributeOptionInput,
  ) {
    return props.saveAttributeOption(ctx, attributeId, null, input);
  }

  @Mutation(() => AttributeOption)
  attributeOptionUpdate(
    @Context() ctx: Ctx,
    @Arg('attributeId', () => UuidScalar) attributeId: string,
    @Arg('optionId', () => UuidScalar) optionId: string,
    @Arg('input', () => AttributeOptionInput) input: AttributeOptionInput,
  ) {
    return props.saveAttributeOption(ctx, attributeId, optionId, input);
  }

  @Mutation(() => Boolean)
  attributeOptionDelete(
    @Context() ctx: Ctx,
    @Arg('attributeId', () => UuidScalar) attributeId: string,
    @Arg('optionId', () => UuidScalar) optionId: string,
  ) {
    return props.deleteAttributeOption(ctx, attributeId, optionId);
  }
}
