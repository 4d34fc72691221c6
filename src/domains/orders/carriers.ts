/**
 * The carriers a shop ships with most (issue 48): a code, a name, and where a tracking number is looked up.
 * `{tracking}` is replaced by the URL-encoded tracking number. Any other carrier is free text (no template).
 */
export interface Carrier {
  code: string;
  name: string;
  trackingUrlTemplate: string;
}

export const CARRIERS: readonly Carrier[] = [
  { code: 'dhl', name: 'DHL', trackingUrlTemplate: 'https://www.dhl.com/en/express/tracking.html?AWB={tracking}' },
  { code: 'ups', name: 'UPS', trackingUrlTemplate: 'https://www.ups.com/track?tracknum={tracking}' },
  { code: 'fedex', name: 'FedEx', trackingUrlTemplate: 'https://www.fedex.com/fedextrack/?trknbr={tracking}' },
  {
    code: 'usps',
    name: 'USPS',
    trackingUrlTemplate: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}',
  },
  { code: 'dpd', name: 'DPD', trackingUrlTemplate: 'https://tracking.dpd.de/status/en_US/parcel/{tracking}' },
  { code: 'gls', name: 'GLS', trackingUrlTemplate: 'https://gls-group.com/track/{tracking}' },
  {
    code: 'royal_mail',
    name: 'Royal Mail',
    trackingUrlTemplate: 'https://www.royalmail.com/track-your-item#/tracking-results/{tracking}',
  },
  {
    code: 'la_poste',
    name: 'La Poste',
    trackingUrlTemplate: 'https://www.laposte.fr/outils/suivre-vos-envois?code={tracking}',
  },
];

const BY_CODE = new Map(CARRIERS.map((c) => [c.code, c]));

/** How a carrier is shown to a customer: a known carrier's name ("DHL" for `dhl`), else the text as entered. */
export function carrierName(carrier: string | null | undefined): string | null {
  if (!carrier?.trim()) return null;
  return BY_CODE.get(carrier.trim().toLowerCase())?.name ?? carrier.trim();
}

/**
 * A known carrier's tracking URL for `trackingNumber`; null for free-text carriers or without a number. Matched
 * on the code, case-insensitively, so "DHL" and "dhl" both find it.
 */
export function trackingUrlFor(carrier: string | null | undefined, trackingNumber: string | null | undefined) {
  if (!carrier || !trackingNumber) return null;
  const known = BY_CODE.get(carrier.trim().toLowerCase());
  return known ? known.trackingUrlTemplate.replace('{tracking}', encodeURIComponent(trackingNumber)) : null;
}
