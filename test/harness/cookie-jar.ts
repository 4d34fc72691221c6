/** A browser-like cookie jar for tests: a cookie goes only to paths under its `Path`; a later one replaces it. */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      this.cookies.set(`${name} ${path}`, { name, value: pair.slice(eq + 1), path });
    }
  }

  value(name: string, path: string): string | undefined {
    return this.for(path).find((c) => c.name === name)?.value;
  }

  /** The `Cookie` header a browser sends to `path`. */
  header(path: string): string {
    return this.for(path)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  paths(name: string): string[] {
    return [...this.cookies.values()].filter((c) => c.name === name).map((c) => c.path);
  }

  private for(path: string) {
    return [...this.cookies.values()].filter((c) => path === c.path || path.startsWith(c.path.replace(/\/?$/, '/')));
  }
}
