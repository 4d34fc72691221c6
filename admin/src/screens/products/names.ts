/** The name shown for a product: the English translation, else the first one. */
export function productName(product: { translations: ReadonlyArray<{ locale: string; name: string }> }): string {
  return (product.translations.find((t) => t.locale === 'en') ?? product.translations[0])?.name ?? '(no name)';
}
