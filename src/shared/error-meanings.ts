import type { ErrorCode } from './errors';

/** What each error code tells a client, for the generated error reference (`docs/reference/errors.md`). */
export const ERROR_MEANING: Record<ErrorCode, string> = {
  validation_error: 'A field broke a rule; `field` names it (several entries when several fields fail).',
  validation_failed:
    'Reserved by the spec for invalid request data as a whole; the service answers `validation_error`.',
  invalid_json: 'The body is not JSON, or a compressed body is corrupt.',
  invalid_query: 'The GraphQL document does not parse or validate, or exceeds a query limit.',
  invalid_media_path: 'A media path that would leave the media folder or is not a stored key.',
  unauthorized: 'No credentials, or credentials that are not valid (expired or revoked token, unknown key).',
  invalid_credentials:
    'Login with a wrong email or password (401); a wrong current password when changing it (400, `PUT /store/account/password`).',
  invalid_token:
    'A refresh token that is unknown, expired, used or revoked (401); the token of an emailed link (password reset, email verification, staff invite) that is unknown, used or expired (400).',
  session_expired:
    'A refresh of a session older than `auth.session_max_age_days` (from its login): the person signs in again.',
  invalid_signature: 'A webhook whose signature does not match its raw body.',
  forbidden: 'Authenticated, but the role or API key lacks the permission (the detail names it).',
  csrf_token_invalid: 'A cookie-authenticated write without the matching `X-CSRF-Token` header.',
  email_not_verified:
    'A customer login with the right password while `auth.require_email_verification` is on and the email is not verified yet (`verify-email/resend` sends the link again).',
  not_found: 'No such resource, or one the caller may not see.',
  method_not_allowed: 'The path exists but not with this method (`Allow` lists the methods).',
  request_timeout:
    'The request body stopped arriving for `server.body_idle_timeout_seconds`; the connection is closed.',
  duplicate_code: 'A warehouse, discount or other code that is already taken.',
  duplicate_identifier: 'A property group or attribute identifier that is already taken.',
  duplicate_sku: 'A SKU that another product or variant already has.',
  duplicate_slug: 'A slug already used in that locale.',
  email_taken: 'Registration or account update with an email that has an account.',
  limit_exceeded: 'A per-account limit is reached (active API keys per user).',
  has_children: 'A category or group that still has children cannot be deleted.',
  last_super_admin: 'The last active super admin cannot be demoted, deactivated or deleted.',
  idempotency_conflict: 'An `Idempotency-Key` reused with a different request body.',
  conflict: 'The resource is in a state that refuses the request (an order already paid or no longer pending).',
  payment_link_expired: 'The payment link is past its expiry.',
  payment_link_used: 'The payment link was already completed or has no uses left.',
  body_too_large: 'The body or upload exceeds its size limit.',
  result_too_large: 'An MCP tool result exceeds the size cap; page with smaller limits.',
  unsupported_media_type: 'A content type or `Content-Encoding` the route does not accept.',
  invalid_identifier: 'A property group or attribute identifier outside `^[a-z0-9][a-z0-9_-]*$`.',
  invalid_attribute_type: 'An attribute operation that does not fit the attribute’s type.',
  invalid_attribute_value: 'An attribute value that does not fit the attribute’s type or options.',
  insufficient_stock: 'Not enough stock for a checkout or cart line; nothing was reserved.',
  code_invalid: 'A discount code that does not exist, is inactive or is outside its validity.',
  max_uses_reached: 'A discount code that has been used up.',
  invalid_transition: 'An order or payment status change the state table does not allow.',
  over_fulfilment: 'A shipment of more units than an order line has left to ship.',
  over_return:
    'A return of more units than an order line has shipped and not yet returned (units in open or finished returns count as returned).',
  refund_exceeds_paid:
    'A refund that would take the order’s refunds (succeeded and pending) past what was paid; nothing was refunded.',
  invalid_amount: 'An amount that cannot be paid (a zero total).',
  amount_out_of_range:
    'A quantity or money figure (a line, a cart or order total) beyond the largest amount stored (2,147,483,647 minor units); nothing was saved.',
  invalid_parent: 'A category parent that would create a cycle, or does not exist.',
  invalid_product: 'A checkout or cart line naming a product or variant that does not exist or cannot be bought.',
  invalid_shipping_method: 'A shipping method that does not exist or is inactive.',
  invalid_payment_method: 'A payment method that does not exist, is inactive or does not fit the flow.',
  payment_reference_required: 'The payment method needs a provider payment reference at checkout.',
  currency_mismatch: 'Amounts in different currencies (cart, product, payment).',
  checkout_rejected: 'A checkout refused by a hook or payment verification (generic text for clients).',
  hook_rejected: 'A before-hook of a plugin cancelled the operation.',
  no_active_warehouse: 'Stock cannot be deducted: no active warehouse.',
  account_locked: 'Too many failed logins for this email; `Retry-After` says when to try again.',
  rate_limited: 'Too many requests from this client; `Retry-After` says when to try again.',
  internal_error: 'A fault of the service (logged with the request id); never client-provokable by design.',
  provider_error: 'The payment provider failed or timed out; its own message is logged, not shown.',
  service_unavailable:
    'The database is unreachable, a conflict persisted after retries, or a plugin is off; retry after `Retry-After`.',
};
