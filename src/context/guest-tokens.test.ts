import { guestTokensOf, MAX_GUEST_TOKENS, withGuestToken } from './guest-tokens';

const token = (n: number) => n.toString(16).padStart(64, '0');

describe('guest token cookie value', () => {
  it('puts the newest first, keeps each token once and drops the oldest past the bound, under 4 KB', () => {
    let value: string | undefined;
    for (let n = 1; n <= MAX_GUEST_TOKENS + 5; n++) value = withGuestToken(value, token(n));
    const tokens = guestTokensOf(value);
    expect(tokens).toHaveLength(MAX_GUEST_TOKENS);
    expect(tokens[0]).toBe(token(MAX_GUEST_TOKENS + 5));
    expect(tokens.at(-1)).toBe(token(6));
    expect(`svc_guest_token=${value}; Max-Age=2592000; Path=/api/v1/store; HttpOnly; SameSite=Lax`.length).toBeLessThan(
      4096,
    );
    expect(guestTokensOf(withGuestToken(value, token(10)))[0]).toBe(token(10));
    expect(guestTokensOf(withGuestToken(value, token(10)))).toHaveLength(MAX_GUEST_TOKENS);
  });

  it('reads only well-formed tokens (a header with one token, a list with junk, nothing)', () => {
    expect(guestTokensOf(token(1))).toEqual([token(1)]);
    expect(guestTokensOf(`${token(1)}.nope.${token(2)}.${token(1)}`)).toEqual([token(1), token(2)]);
    expect(guestTokensOf('')).toEqual([]);
    expect(guestTokensOf(undefined)).toEqual([]);
    expect(guestTokensOf('.'.repeat(100_000))).toEqual([]);
  });
});
