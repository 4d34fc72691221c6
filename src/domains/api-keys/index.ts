/** API keys: staff (`ck_`) and customer (`sk_`) keys, shown once, stored hashed. */
import type { DomainModule } from '../module';
import { ApiKeyResolver } from './api-key.resolver';
import { apiKeysAccess } from './api-keys.access';

export const domain: DomainModule = { name: 'api-keys', resolvers: [ApiKeyResolver], access: [apiKeysAccess] };
