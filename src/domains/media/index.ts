/** Media: uploads (type-sniffed, stored through the platform's media storage) and their metadata. */
import type { DomainModule } from '../module';
import { mediaAccess } from './media.access';
import { MediaResolver } from './media.resolver';

export const domain: DomainModule = { name: 'media', resolvers: [MediaResolver], access: [mediaAccess] };
export { recordedType } from './sniff';
