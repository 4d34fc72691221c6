/** Names already converted: schema and model field names, a small fixed set on every request path. */
const converted = new Map<string, string>();
/** Past this many distinct names (only odd callers would get there), names are converted without being kept. */
const MAX_CONVERTED = 10_000;

/** `allowNegativeStock` → `allow_negative_stock`; `addressLine1` → `address_line1`. */
export function toSnake(name: string): string {
  const known = converted.get(name);
  if (known !== undefined) return known;
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  if (converted.size < MAX_CONVERTED) converted.set(name, snake);
  return snake;
}
