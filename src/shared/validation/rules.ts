import { Extensions } from 'type-graphql';

import { searchWords } from './search-words';

/**
 * Constraints of one input field, beyond what its GraphQL type already says (required, type, enum).
 * They travel in the field's GraphQL `extensions`, so the REST adapter and the GraphQL middleware check
 * the same rules from the same schema, and report them with the contract's rule names.
 */
export interface FieldRules {
  minLength?: number;
  maxLength?: number;
  /** Most words (runs of letters and digits) a text may hold: search arguments (validation/search.ts). */
  maxWords?: number;
  min?: number;
  max?: number;
  /** Source of a RegExp the whole value must match. */
  pattern?: string;
  email?: boolean;
  /** Fewest items a list may have (`translations` needs at least one). */
  minItems?: number;
  /** Most items a list may have (every array in a request is bounded; docs/security.md lists them). */
  maxItems?: number;
  /**
   * A field that is nullable in GraphQL so its use case can report every missing one together with the rest of
   * the request (checkout's address lines), but that the use case refuses when absent or blank (400 `required`).
   * The OpenAPI document lists it as required; the input layer leaves the check to the use case.
   */
  requiredByUseCase?: boolean;
  /**
   * A rule its use case checks with the spec's own error instead of a 400 (an identifier's pattern: 422
   * `invalid_identifier`; an attribute's type: 422 `invalid_attribute_type`). The OpenAPI document states it
   * (`pattern`, `enum`) with the answer (`x-error-code`); the input layer leaves it to the use case.
   */
  checkedByUseCase?: { pattern?: string; oneOf?: readonly string[]; code: string };
}

/** A country as the spec writes it everywhere (addresses, tax rules): ISO 3166-1 alpha-2, upper case (`DE`). */
export const COUNTRY_CODE: FieldRules = { pattern: '^[A-Z]{2}$' };

/** Attaches {@link FieldRules} to an input field: `@Field() @Rules({ maxLength: 255 }) name!: string`. */
export function Rules(rules: FieldRules): PropertyDecorator & MethodDecorator & ClassDecorator {
  return Extensions({ rules });
}

/**
 * Marks an optional input field that may hold "no value" (a nullable column: a description, a parent category,
 * a SKU): an explicit `null` clears it. Every other optional field refuses `null` with 400 `validation_error` /
 * `required`, before any service runs (docs/decisions.md), and the OpenAPI document marks only these nullable.
 */
export function Clearable(): PropertyDecorator & MethodDecorator & ClassDecorator {
  return Extensions({ clearable: true });
}

/** Whether an input field or argument is {@link Clearable}. */
export function isClearable(field: { extensions?: Readonly<Record<string, unknown>> | null }): boolean {
  return field.extensions?.clearable === true;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Returns the contract's rule name of the first rule `value` breaks, or undefined. */
export function breakRule(rules: FieldRules, value: unknown): string | undefined {
  if (typeof value === 'string') {
    const length = [...value].length;
    if (rules.minLength !== undefined && length < rules.minLength)
      return rules.minLength === 1 ? 'required' : 'min_length';
    if (rules.maxLength !== undefined && length > rules.maxLength) return 'max_length';
    // Counted only within the length bound (checked first): a 1 MB text is not split into words.
    if (rules.maxWords !== undefined && searchWords(value).length > rules.maxWords)
      return `max_words (at most ${rules.maxWords})`;
    if (rules.pattern !== undefined && !new RegExp(rules.pattern).test(value)) return 'pattern';
    if (rules.email && !EMAIL.test(value.trim())) return 'email';
  }
  if (typeof value === 'number') {
    if (rules.min !== undefined && value < rules.min) return 'min';
    if (rules.max !== undefined && value > rules.max) return 'max';
  }
  return undefined;
}
