import { ResponseEffects } from '../context/effects';
import { GUEST_TOKEN_COOKIE, guestTokensOf } from '../context/guest-tokens';
import type { RouteTool } from './tool-catalog';

/**
 * What an operation's response effects hand a browser as cookies, an agent needs as a value: a guest's order
 * token (`svc_guest_token`, set by checkout) is the only proof that the guest placed the order. MCP has no
 * cookie jar, so a tool collects the cookies the operation set and answers this one as `guest_token`, which
 * store_get_order takes back.
 */
const CAPABILITY_COOKIES: Record<string, string> = { [GUEST_TOKEN_COOKIE]: 'guest_token' };

export class CollectedEffects {
  private readonly cookies: string[] = [];
  readonly effects = new ResponseEffects({
    headersSent: false,
    setHeader: () => undefined,
    append: (name: string, value: string) => {
      if (name.toLowerCase() === 'set-cookie') this.cookies.push(value);
    },
  });

  /** The capability values the operation set, by the result field they become (first of each). */
  capabilities(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const cookie of this.cookies) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      const field = CAPABILITY_COOKIES[pair.slice(0, at).trim()];
      // The guest cookie lists the browser's earlier orders after the new one: the tool answers the new one's.
      const value = guestTokensOf(decodeURIComponent(pair.slice(at + 1).trim()))[0];
      if (field && value && !(field in found)) found[field] = value;
    }
    return found;
  }
}

/** The payload with the capabilities the operation set (an object payload only). */
export function withCapabilities(payload: unknown, collected: CollectedEffects): unknown {
  const extra = collected.capabilities();
  if (!Object.keys(extra).length || typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return payload;
  return { ...payload, ...extra };
}

/**
 * What a destructive tool would change, for the confirmation it answers instead of running: the values it would
 * send (every argument but the target's ids, the capability tokens and `confirm`) and a sentence saying it.
 */
export function confirmationPreview(tool: RouteTool, args: Record<string, unknown>, targetNames: string[]) {
  const skip = new Set(['confirm', ...targetNames, ...Object.keys(tool.requestArgs)]);
  const changes = Object.fromEntries(Object.entries(args).filter(([key, v]) => !skip.has(key) && v !== undefined));
  const target = targetNames.map((name) => `${name} ${String(args[name] ?? '?')}`).join(', ');
  const { method, path } = tool.route.spec;
  let effect: string;
  if (method === 'DELETE')
    effect = `delete ${path
      .split('/')
      .filter((s) => !s.startsWith('{'))
      .at(-1)} (${target})`;
  else if (path.endsWith('/status'))
    effect =
      `set the status of ${target} to ${JSON.stringify(changes.status ?? null)}` +
      (changes.comment ? ` with the comment ${JSON.stringify(changes.comment)}` : '');
  else if (path.endsWith('/stock'))
    effect = `overwrite the stock of ${target} with exactly the quantities in items (entries not listed stay as they are)`;
  else effect = `send ${JSON.stringify(changes)} to ${target || path}`;
  return { changes, effect };
}
