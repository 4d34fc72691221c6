/**
 * The mail templates' engine, kept tiny and our own: `{{name}}` (a value of the current scope, HTML-escaped in
 * HTML templates), `{{#name}}…{{/name}}` (a section: once per element of a list, or once when the value is truthy,
 * with the element's fields in scope) and `{{^name}}…{{/name}}` (rendered when the value is empty or falsy).
 * Nothing else: templates cannot run code, and every interpolated value is escaped in HTML.
 */

export type TemplateValue = string | number | boolean | null | undefined | TemplateScope | TemplateScope[];
export interface TemplateScope {
  [name: string]: TemplateValue;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** The innermost scope that names `name` wins (an item's `name` before the order's). */
function lookup(scopes: TemplateScope[], name: string): TemplateValue {
  for (let i = scopes.length - 1; i >= 0; i--) if (name in scopes[i]) return scopes[i][name];
  return undefined;
}

const TAG = /\{\{\s*([#^/]?)\s*([\w.]+)\s*\}\}/g;

/** Renders `template` with `data`; `html` escapes every value. An unclosed section is an error (a broken template). */
export function renderTemplate(template: string, data: TemplateScope, mode: 'html' | 'text'): string {
  return renderPart(template, [data], mode);
}

function renderPart(template: string, scopes: TemplateScope[], mode: 'html' | 'text'): string {
  let out = '';
  let at = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(template); match; match = TAG.exec(template)) {
    const [tag, sigil, name] = match;
    out += template.slice(at, match.index);
    at = match.index + tag.length;
    if (sigil === '') {
      const value = lookup(scopes, name);
      const text = value === null || value === undefined || typeof value === 'object' ? '' : String(value);
      out += mode === 'html' ? escapeHtml(text) : text;
      continue;
    }
    if (sigil === '/') throw new Error(`mail template: {{/${name}}} closes no section`);
    const close = findClose(template, name, at);
    const body = template.slice(at, close.start);
    const value = lookup(scopes, name);
    const empty =
      value === null ||
      value === undefined ||
      value === false ||
      value === '' ||
      (Array.isArray(value) && !value.length);
    if (sigil === '^') {
      if (empty) out += renderPart(body, scopes, mode);
    } else if (Array.isArray(value)) {
      for (const item of value) out += renderPart(body, [...scopes, item], mode);
    } else if (!empty) {
      out += renderPart(body, typeof value === 'object' ? [...scopes, value] : scopes, mode);
    }
    at = close.end;
    TAG.lastIndex = at;
  }
  return out + template.slice(at);
}

/** The `{{/name}}` that closes the section opened before `from` (nested sections of the same name counted). */
function findClose(template: string, name: string, from: number): { start: number; end: number } {
  const tags = new RegExp(TAG.source, 'g');
  tags.lastIndex = from;
  let depth = 1;
  for (let match = tags.exec(template); match; match = tags.exec(template)) {
    if (match[2] !== name) continue;
    if (match[1] === '#' || match[1] === '^') depth++;
    else if (match[1] === '/' && --depth === 0) return { start: match.index, end: match.index + match[0].length };
  }
  throw new Error(`mail template: {{#${name}}} is never closed`);
}
