/**
 * The guest order tokens a browser holds. Checkout hands a guest its order's token in the HttpOnly
 * `svc_guest_token` cookie (contract §7); one browser may place several guest orders, so the cookie holds the
 * tokens of all of them, newest first, joined by `.` (a cookie value may not contain `,` or `;`), and each new
 * order adds its token instead of replacing the cookie. `X-Guest-Token` and MCP's `guest_token` name one order.
 */
export const GUEST_TOKEN_COOKIE = 'svc_guest_token';

/**
 * The most tokens one cookie keeps: the oldest fall off past it. 20 tokens of 64 hex characters and their
 * separators are 1,299 bytes, well under the 4,096 bytes browsers keep per cookie (name and attributes
 * included). A browser placing more than 20 guest orders within the cookie's 30 days is rare; past that the
 * oldest order is no longer readable from this browser (as any guest order once its cookie expired).
 */
export const MAX_GUEST_TOKENS = 20;

const SEPARATOR = '.';
const TOKEN = /^[0-9a-f]{64}$/;

/** The well-formed tokens of a presented value (a cookie's list or a header's single token), at most 20. */
export function guestTokensOf(value: string | undefined): string[] {
  if (!value) return [];
  const tokens: string[] = [];
  for (const part of value.split(SEPARATOR)) {
    if (TOKEN.test(part) && !tokens.includes(part)) tokens.push(part);
    if (tokens.length === MAX_GUEST_TOKENS) break;
  }
  return tokens;
}

/** The cookie value once `token` joins the tokens `current` holds: newest first, no repeats, at most 20. */
export function withGuestToken(current: string | undefined, token: string): string {
  return [token, ...guestTokensOf(current).filter((t) => t !== token)].slice(0, MAX_GUEST_TOKENS).join(SEPARATOR);
}
