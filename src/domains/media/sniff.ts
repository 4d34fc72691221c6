/** What the upload rules accept (spec, Media). */
export const ALLOWED_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'application/pdf',
]);

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * Detects a type from the first 512 bytes, like a browser sniffer: magic numbers for the binary formats,
 * `text/xml` for an XML prolog, `text/plain` for other text, `application/octet-stream` otherwise. SVG is
 * never detected here (it is text); see {@link acceptedType} for the fallback.
 */
export function sniff(head: Buffer): string {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  let text = head.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const binary = [...head].some((b) => b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b));
  if (binary || head.length === 0) return 'application/octet-stream';
  if (/^\s*<\?xml/.test(text)) return 'text/xml';
  return 'text/plain';
}

/**
 * The stored type of an upload, or null when it is not allowed. The client's declared type is ignored,
 * except that text detected as `text/xml` or `text/plain` is accepted as SVG when the client declared
 * `image/svg+xml` (spec fallback).
 */
export function acceptedType(head: Buffer, declared: string): string | null {
  const detected = sniff(head);
  if (ALLOWED_TYPES.has(detected)) return detected;
  if (
    (detected === 'text/xml' || detected === 'text/plain') &&
    declared.toLowerCase().split(';')[0].trim() === 'image/svg+xml'
  )
    return 'image/svg+xml';
  return null;
}

/**
 * The type {@link acceptedType} recorded for a stored upload, found again from its first 512 bytes: the sniffed
 * type, or SVG for text (the only text an upload is stored as). `/uploads/` serves local media with it, never the
 * type the file's name implies (an SVG named `x.html` is still `image/svg+xml`). Null for bytes no upload is
 * stored as (a file put into the media folder by hand).
 */
export const recordedType = (head: Buffer): string | null => acceptedType(head, 'image/svg+xml');
