/** One problem the service reported, in its own vocabulary (the same codes REST uses). */
export interface SvcErrorEntry {
  code: string;
  detail: string;
  field?: string;
}

/**
 * A failed operation: `code` is the service's lower_snake error code (`validation_error`, `insufficient_stock`,
 * `unauthorized`, `csrf_token_invalid`…), `status` the HTTP status the REST route would answer, `field` the
 * snake_case path of the first invalid field, `errors` every problem when several fields failed.
 */
export class SvcError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field?: string;
  readonly requestId?: string;
  readonly errors: SvcErrorEntry[];

  constructor(init: {
    message: string;
    code: string;
    status: number;
    field?: string;
    requestId?: string;
    errors?: SvcErrorEntry[];
  }) {
    super(init.message);
    this.name = 'SvcError';
    this.code = init.code;
    this.status = init.status;
    this.field = init.field;
    this.requestId = init.requestId;
    this.errors = init.errors ?? [{ code: init.code, detail: init.message, field: init.field }];
  }
}

interface WireError {
  message?: string;
  extensions?: { code?: unknown; status?: unknown; field?: unknown; requestId?: unknown; errors?: unknown };
}

/** The first GraphQL error of a response as an {@link SvcError}. */
export function toSvcError(error: WireError | undefined, httpStatus: number, requestId?: string): SvcError {
  const ext = error?.extensions ?? {};
  return new SvcError({
    message: error?.message ?? `HTTP ${httpStatus}`,
    code: typeof ext.code === 'string' ? ext.code : 'internal_error',
    status: typeof ext.status === 'number' ? ext.status : httpStatus,
    field: typeof ext.field === 'string' ? ext.field : undefined,
    requestId: typeof ext.requestId === 'string' ? ext.requestId : requestId,
    errors: Array.isArray(ext.errors) ? (ext.errors as SvcErrorEntry[]) : undefined,
  });
}
