import { stringifySetCookie } from 'cookie';

/** The part of an HTTP response effects are written onto (an Express response is one). */
export interface HeaderTarget {
  readonly headersSent: boolean;
  setHeader(name: string, value: string): unknown;
  append(name: string, value: string): unknown;
}

export interface CookieOptions {
  httpOnly?: boolean;
  path?: string;
  maxAge?: number;
  sameSite?: 'lax' | 'strict';
  secure?: boolean;
}

/**
 * What an operation wants done to the HTTP response besides its body: cookies and headers. Services fill
 * it through `ctx.effects`; the REST adapter and the GraphQL endpoint both apply it, so a capability such as
 * "login sets session cookies" is declared once in the service and works on every surface.
 */
export class ResponseEffects {
  private readonly cookies: string[] = [];
  private readonly headers = new Map<string, string>();

  /** `target` is the response these effects belong to; {@link flush} writes onto it. */
  constructor(private readonly target?: HeaderTarget) {}

  setCookie(name: string, value: string, options: CookieOptions): void {
    this.cookies.push(stringifySetCookie({ name, value, ...options }));
  }

  clearCookie(name: string, options: Omit<CookieOptions, 'maxAge'>): void {
    this.cookies.push(stringifySetCookie({ name, value: '', ...options, maxAge: 0 }));
  }

  header(name: string, value: string): void {
    this.headers.set(name, value);
  }

  flush(): void {
    if (this.target) this.applyTo(this.target);
  }

  /** Writes everything collected so far onto `res` (before its head is sent), then forgets it. */
  applyTo(res: HeaderTarget): void {
    if (res.headersSent) return;
    for (const [name, value] of this.headers) res.setHeader(name, value);
    for (const cookie of this.cookies) res.append('Set-Cookie', cookie);
    this.headers.clear();
    this.cookies.length = 0;
  }
}
