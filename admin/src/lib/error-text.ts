/**
 * Sentences for the service's error codes and field details, so a person reads "This code is already taken."
 * instead of "warehouse code already exists (duplicate_code)". The code stays on the error (for tests and
 * logs); only what is shown changes. A detail the tables do not know is shown as the service wrote it.
 */

/** Field-level details of `validation_error` (src/shared/validation): what the typed value broke. */
const DETAILS: Record<string, string> = {
  required: 'Enter a value.',
  min_length: 'Too short.',
  max_length: 'Too long.',
  pattern: 'Not in the expected format.',
  email: 'Enter an email address such as name@example.com.',
  min: 'Too small.',
  max: 'Too large.',
  type: 'Not a valid value.',
  uuid: 'Not a valid reference.',
  out_of_range: 'Out of range.',
  invalid_characters: 'Contains characters that cannot be stored.',
};

/** Codes whose meaning does not depend on the detail. */
const CODES: Record<string, string> = {
  forbidden: 'You do not have the permission for this.',
  not_found: 'This item does not exist (any more).',
  duplicate_code: 'This code is already taken.',
  duplicate_identifier: 'This identifier is already taken.',
  duplicate_sku: 'This SKU is already used.',
  duplicate_slug: 'This slug is already used.',
  email_taken: 'An account with this email already exists.',
  has_children: 'It still has children: move or delete them first.',
  last_super_admin: 'The last active super admin has to stay.',
  limit_exceeded: 'The limit is reached.',
  invalid_identifier: 'Lowercase letters, digits, dashes and underscores only.',
  invalid_parent: 'This parent would create a loop.',
  invalid_transition: 'This change is not possible in the current status.',
  rate_limited: 'Too many requests. Wait a moment and try again.',
  internal_error: 'Something went wrong on the service. Try again; if it persists, tell an administrator.',
  conflict: 'This is not possible in its current state.',
};

const sentence = (text: string) => {
  const t = text.trim();
  if (!t) return t;
  const capital = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/** What a person reads for one error entry (a field's, or the whole request's). */
export function errorText(code: string | undefined, detail: string | undefined): string {
  if (code && CODES[code]) return CODES[code];
  const token = detail?.trim() ?? '';
  // `max_words (at most 8)`: the token, then the service's own precision.
  const head = /^([a-z_]+)(?:\s*\((.*)\))?$/.exec(token);
  if (head && DETAILS[head[1]]) return head[2] ? `${DETAILS[head[1]].slice(0, -1)} (${head[2]}).` : DETAILS[head[1]];
  if (/^[a-z]+(_[a-z]+)+$/.test(token)) return 'Not accepted.';
  return token ? sentence(token) : 'Not accepted.';
}
