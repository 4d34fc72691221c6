/**
 * The one error vocabulary of the service. GraphQL (`extensions.code`), REST and MCP all speak these
 * lower_snake codes, and all map them to HTTP through {@link ERROR_STATUS}.
 */

/** Every error code the service can answer with, and the HTTP status it answers with. */
export const ERROR_STATUS = {
  validation_error: 400,
  validation_failed: 400,
  invalid_json: 400,
  invalid_query: 400,
  invalid_media_path: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  invalid_token: 401,
  session_expired: 401,
  invalid_signature: 401,
  forbidden: 403,
  csrf_token_invalid: 403,
  email_not_verified: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  duplicate_code: 409,
  duplicate_identifier: 409,
  duplicate_sku: 409,
  duplicate_slug: 409,
  email_taken: 409,
  limit_exceeded: 409,
  has_children: 409,
  last_super_admin: 409,
  idempotency_conflict: 409,
  conflict: 409,
  payment_link_expired: 410,
  payment_link_used: 410,
  body_too_large: 413,
  result_too_large: 413,
  unsupported_media_type: 415,
  invalid_identifier: 422,
  invalid_attribute_type: 422,
  invalid_attribute_value: 422,
  insufficient_stock: 422,
  code_invalid: 422,
  max_uses_reached: 422,
  invalid_transition: 422,
  over_fulfilment: 422,
  over_return: 422,
  refund_exceeds_paid: 422,
  invalid_amount: 422,
  amount_out_of_range: 422,
  invalid_parent: 422,
  invalid_product: 422,
  invalid_shipping_method: 422,
  invalid_payment_method: 422,
  payment_reference_required: 422,
  currency_mismatch: 422,
  checkout_rejected: 422,
  hook_rejected: 422,
  no_active_warehouse: 422,
  account_locked: 429,
  rate_limited: 429,
  internal_error: 500,
  provider_error: 502,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** One entry of the spec's error envelope `{ errors: [ { code, detail, field? } ] }`. */
export interface ErrorEntry {
  code: ErrorCode;
  detail: string;
  field?: string;
  /** For a `oneof` entry whose values the schema cannot list (an API key's permissions): the values it takes. */
  allowed?: readonly string[];
}

/** Default details for codes whose wording the spec fixes. */
const DEFAULT_DETAIL: Partial<Record<ErrorCode, string>> = {
  internal_error: 'an unexpected error occurred',
  validation_failed: 'invalid request data',
  invalid_json: 'request body is not valid JSON',
  unauthorized: 'missing authorization header',
  forbidden: 'insufficient permissions',
  not_found: 'resource not found',
  invalid_credentials: 'invalid email or password',
  invalid_token: 'invalid refresh token',
  insufficient_stock: 'one or more items are out of stock',
  rate_limited: 'too many requests',
};

/**
 * The service's only error type. Services throw it; the GraphQL formatter, the REST adapter and MCP tools
 * turn it into their wire shape. `entries` carries several field errors at once (validation reports every
 * failing field, not just the first).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field?: string;
  readonly entries: ErrorEntry[];
  /** Extra response headers (e.g. `Retry-After`, `Allow`). */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    detail?: string,
    options: { field?: string; entries?: ErrorEntry[]; headers?: Record<string, string> } = {},
  ) {
    const message = detail ?? DEFAULT_DETAIL[code] ?? code.replace(/_/g, ' ');
    // A client's error (4xx) is an answer, not a fault: it captures no stack frames. GraphQL wraps every error it
    // meets and reads its `stack` to copy it, and writing out a captured stack was the largest part of what a
    // refused request cost (docs/decisions.md D-308). A 5xx keeps its stack for the log.
    const frames = Error.stackTraceLimit;
    if (ERROR_STATUS[code] < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = frames;
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.entries = options.entries ?? [
      { code, detail: message, ...(options.field !== undefined ? { field: options.field } : {}) },
    ];
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** A validation error listing every failing field. */
  static validation(entries: Array<{ field: string; detail: string; allowed?: readonly string[] }>): AppError {
    const list: ErrorEntry[] = entries.map((e) => ({
      code: 'validation_error',
      detail: e.detail,
      field: e.field,
      ...(e.allowed ? { allowed: e.allowed } : {}),
    }));
    return new AppError('validation_error', list[0]?.detail, { field: list[0]?.field, entries: list });
  }

  static notFound(what: string): AppError {
    return new AppError('not_found', `${what} not found`);
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export function statusOf(code: string): number {
  return (ERROR_STATUS as Record<string, number>)[code] ?? 500;
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, code);
}
