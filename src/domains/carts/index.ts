/** Carts: guest (token) and customer carts with live prices and stock checks. */
import type { DomainModule } from '../module';
import { CartResolver } from './cart.resolver';
import { cartsAccess } from './carts.access';

export { hashCartToken, loadOwnedCart } from './cart-access';
export { pruneExpiredCarts } from './cart-retention';

export const domain: DomainModule = { name: 'carts', resolvers: [CartResolver], access: [cartsAccess] };
