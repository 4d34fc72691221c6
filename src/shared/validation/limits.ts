/**
 * The most items each kind of array in a request may hold (docs/security.md). A longer array is 400
 * `validation_error` with the detail `max_items (at most N)` on its field, before any of its items is read.
 */
export const LIST_LIMITS = {
  /** Translations of one product, category, property, attribute, shipping or payment method. */
  translations: 50,
  /** Category, tag or media ids of one product. */
  links: 100,
  /** Option ids of one variant or attribute value; option axes of `option_groups` and options per axis. */
  options: 50,
  /** Attribute values set in one request. */
  attributes: 100,
  /** Variants of one bulk-created product. */
  variants: 100,
  /** Lines of one checkout. */
  orderLines: 100,
  /** Items of one stock set. */
  stockItems: 1000,
  /** Variants one `option_groups` request may create (the product of its axes' sizes). */
  variantCombinations: 500,
} as const;
