import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { AppError } from '../../src/plugin-api';
export { sameSecret } from '../../src/plugin-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const GUEST_TOKEN = /^[0-9a-f]{64}$/;
const CURRENCY = /^[A-Za-z]{3}$/;
/** Provider ids as the stripe API forms them (`pi_…`); anything else can't name an intent. */
export const INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;
/** The largest amount a payment may have (cents): the provider's own limit. */
export const MAX_AMOUNT = 99_999_999;

export type Problems = Array<{ field: string; detail: string }>;

/** Collects field problems so a request hears about every bad field at once (like the core's validation). */
export class BodyReader {
  readonly problems: Problems = [];
  readonly body: Record<string, unknown>;

  constructor(raw: unknown) {
    const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw) && !Buffer.isBuffer(raw);
    if (!isObject) this.problems.push({ field: '', detail: 'expected a JSON object' });
    this.body = isObject ? (raw as Record<string, unknown>) : {};
  }

  has(field: string): boolean {
    return this.body[field] !== undefined && this.body[field] !== null;
  }

  uuid(field: string, required = true): string | undefined {
    const v = this.body[field];
    if (v === undefined || v === null) return void (required && this.problems.push({ field, detail: 'required' }));
    if (typeof v !== 'string' || !UUID.test(v)) return void this.problems.push({ field, detail: 'uuid' });
    return v.toLowerCase();
  }

  amount(field: string): number | undefined {
    const v = this.body[field];
    if (v === undefined || v === null) return void this.problems.push({ field, detail: 'required' });
    if (typeof v !== 'number' || !Number.isInteger(v)) return void this.problems.push({ field, detail: 'integer' });
    if (v < 1) return void this.problems.push({ field, detail: 'min 1' });
    if (v > MAX_AMOUNT) return void this.problems.push({ field, detail: `max ${MAX_AMOUNT}` });
    return v;
  }

  currency(field: string): string | undefined {
    const v = this.body[field];
    if (v === undefined || v === null) return void this.problems.push({ field, detail: 'required' });
    if (typeof v !== 'string' || !CURRENCY.test(v)) return void this.problems.push({ field, detail: 'iso4217' });
    return v.toUpperCase();
  }

  guestToken(field: string): string | undefined {
    const v = this.body[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string' || !GUEST_TOKEN.test(v)) return void this.problems.push({ field, detail: 'guest_token' });
    return v;
  }

  object(field: string, required: boolean): Record<string, unknown> | undefined {
    const v = this.body[field];
    if (v === undefined || v === null) return void (required && this.problems.push({ field, detail: 'required' }));
    if (typeof v !== 'object' || Array.isArray(v)) return void this.problems.push({ field, detail: 'object' });
    return v as Record<string, unknown>;
  }

  string(field: string, max: number, required = true): string | undefined {
    const v = this.body[field];
    if (v === undefined || v === null) return void (required && this.problems.push({ field, detail: 'required' }));
    if (typeof v !== 'string' || v.length === 0) return void this.problems.push({ field, detail: 'string' });
    if (v.length > max) return void this.problems.push({ field, detail: `max length ${max}` });
    return v;
  }

  /**
   * Fields that belong to the other mode of a body: each one present is a problem (`with`: not allowed beside
   * `other`; without: only allowed beside `other`).
   */
  notWith(fields: string[], other: string, beside = true): void {
    for (const field of fields)
      if (this.body[field] !== undefined && this.body[field] !== null)
        this.problems.push({ field, detail: beside ? `not allowed with ${other}` : `only with ${other}` });
  }

  /**
   * Throws 400 `validation_error` listing every problem, if any. The core's null rule (docs/security.md,
   * "Inputs") holds here too: none of these fields can be cleared, so an explicit `null` on any of them is
   * `required`, never "not given", whichever mode the body turned out to be.
   */
  done(): void {
    for (const [field, value] of Object.entries(this.body))
      if (value === null && !this.problems.some((p) => p.field === field))
        this.problems.push({ field, detail: 'required' });
    if (this.problems.length) throw AppError.validation(this.problems);
  }
}

/** The guest order token the caller presents: body field, `X-Guest-Token` header, or the `svc_guest_token` cookie. */
export function presentedGuestToken(req: Request, fromBody?: string): string | undefined {
  return fromBody ?? req.get('x-guest-token') ?? (req.cookies as Record<string, string | undefined>)?.svc_guest_token;
}

/** The SHA-256 (hex) under which this plugin keeps a secret: link tokens, and what intents record of tokens. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** What an intent's metadata keeps of a guest token: its SHA-256, so the provider never holds a usable token. */
export const guestTokenDigest = sha256Hex;
