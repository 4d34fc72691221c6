import { errorText } from '../lib/error-text';

/** One entry of the service's error envelope (GraphQL `extensions` or REST `error`). */
export interface ErrorEntry {
  code: string;
  detail: string;
  /** A field path such as `translations.0.slug`, when the error concerns one input field. */
  field?: string;
}

/**
 * What went wrong with a call, sorted by what a person can do about it: `network` and `unavailable` offer a
 * retry, `session` sends them to sign in again, `api` carries the service's code and field errors.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: 'network' | 'unavailable' | 'session' | 'api',
    readonly code?: string,
    readonly entries: ErrorEntry[] = [],
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'unavailable';
  }
}

/** A sentence for a person, from any error a screen may meet. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return 'The connection to the service was lost. Check the network and try again.';
    if (error.kind === 'unavailable') return 'The service is unavailable right now. Try again in a moment.';
    if (error.kind === 'session') return 'Your session has ended. Sign in again.';
    // One sentence per field error the screen could not put next to a field, never the machine code.
    const texts = error.entries.map((e) => {
      const field = e.field
        ?.split(/[.[\]]/)
        .filter((s) => s && !/^\d+$/.test(s))
        .pop()
        ?.replace(/_/g, ' ');
      const text = errorText(e.code, e.detail);
      return field ? `${field[0].toUpperCase()}${field.slice(1)}: ${text}` : text;
    });
    return [...new Set(texts.length ? texts : [errorText(error.code, error.message)])].join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}
