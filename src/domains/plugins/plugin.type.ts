import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A plugin of this service and its state.' })
export class PluginInfo {
  @Field() name!: string;
  @Field({ description: 'Semver.' }) version!: string;
  @Field() description!: string;
  @Field({ description: '`active`, `failed` (init threw or timed out; its routes and hooks are off) or `disabled`.' })
  state!: string;
  @Field(() => String, { nullable: true, description: 'Why the plugin failed.' }) error!: string | null;
}

@ObjectType({ description: 'The web component of a UI extension.' })
export class PluginComponent {
  @Field({ description: 'Custom element name.' }) tagName!: string;
  @Field() scriptUrl!: string;
  @Field({ description: 'Subresource Integrity of the script (`sha384-…`).' }) integrity!: string;
  @Field(() => [String], { description: "External origins the component uses (also allowed by the pages' CSP)." })
  origins!: string[];
}

@ObjectType({ description: 'A UI extension (storefront or admin) declared by an active plugin.' })
export class PluginExtension {
  @Field() plugin!: string;
  @Field() id!: string;
  @Field({ description: 'Where it is mounted, e.g. `storefront:checkout:payment` or `admin:order:detail`.' })
  slot!: string;
  @Field({ description: '`component`.' }) type!: string;
  @Field(() => String, {
    nullable: true,
    description: 'An admin extension’s name: the link text of an `admin:nav` entry, the region name of the others.',
  })
  label?: string | null;
  @Field(() => PluginComponent) component!: PluginComponent;
}
