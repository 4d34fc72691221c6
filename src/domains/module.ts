import type { AccessTable } from '../auth/access';
import type { LoaderDeps } from '../context/loaders';

/**
 * What a domain hands the composition root (its `index.ts` exports one as `domain`): the resolvers it adds to
 * the schema, the access table of their root fields, its DataLoaders, and input types no field names. The
 * root lists the modules once; the resolver registry, the loaders and the shield rules derive from that list.
 */
export interface DomainModule {
  name: string;
  resolvers: Function[];
  access: AccessTable[];
  /** The domain's part of `ctx.loaders` (see the `Loaders` augmentation in its `*.loaders.ts`). */
  loaders?: (deps: LoaderDeps) => object;
  orphanedTypes?: Function[];
}
