/** `allowNegativeStock` → `allow_negative_stock`; `addressLine1` → `address_line1`. */
export function toSnake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
