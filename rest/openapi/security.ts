import type { Access } from '../../src/auth/access';
import type { CompiledRoute } from '../../src/routing/compile';

/** The credentials the service reads (src/http/authenticate.ts, csrf.ts; cart and guest-order ownership). */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'An access token from `POST /api/v1/auth/login` (staff) or `POST /api/v1/store/auth/login` (customers).',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      '`ApiKey <key>`: an admin (`ck_…`) or store (`sk_…`) API key; it acts with the permissions it was given.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'svc_access_token',
    description: 'Browser session set by the login routes with `?cookie=true`; unsafe methods also need `csrfHeader`.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: 'Double-submit CSRF token: the value of the `csrf_token` cookie, required with credential cookies.',
  },
  cartToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Cart-Token',
    description: "An anonymous cart's `session_token` (shown once by `POST /api/v1/store/cart`).",
  },
  guestToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Guest-Token',
    description: "A guest order's token (also accepted as the HttpOnly `svc_guest_token` cookie set by checkout).",
  },
} as const;

type Requirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Who may call the route, as OpenAPI security requirements (alternatives): public routes need nothing; store
 * routes take an optional login or API key (and the capability tokens the route accepts); admin and customer
 * routes need a JWT, an API key or a cookie session (plus the CSRF header on unsafe methods).
 */
export function routeSecurity(route: CompiledRoute): Requirement[] {
  const kinds = new Set(route.access.map((a: Access) => a.kind));
  const cookie: Requirement = UNSAFE.has(route.spec.method)
    ? { sessionCookie: [], csrfHeader: [] }
    : { sessionCookie: [] };
  const signedIn: Requirement[] = [{ bearerAuth: [] }, { apiKey: [] }, cookie];
  const tokens: Requirement[] = (route.spec.tokens ?? []).map((t) =>
    t === 'cart_token' ? { cartToken: [] } : { guestToken: [] },
  );
  // A signed-in route that also takes a capability token (a customer merging a guest cart) names the token as a
  // required header parameter (document.ts); its security stays the sign-in alternatives.
  if (kinds.has('admin') || kinds.has('customer')) return signedIn;
  if (kinds.has('store')) return [{}, ...signedIn, ...tokens];
  return [];
}

/** Plain words for the operation's description (the same rule graphql-shield enforces). */
export function whoMayCall(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'Anyone.';
    case 'admin':
      return `Staff (JWT or admin API key) with \`${access.permission}\`.`;
    case 'store':
      return access.permission
        ? `Anyone; a store API key needs \`${access.permission}\`.`
        : 'Anyone (guests included).';
    case 'customer':
      return `A signed-in customer (JWT or store API key) with \`${access.permission}\`.`;
  }
}
