import { readFileSync } from 'node:fs';
import path from 'node:path';

import { BUILTIN_TEMPLATES, type TemplateSet } from './builtin-templates';
import { renderTemplate, type TemplateScope } from './template-engine';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** `de-AT` → `de-AT`, `de`, then English: the first with a built-in template (or override) wins. */
function candidates(locale: string): string[] {
  const language = locale.split('-')[0];
  return [...new Set([locale, language, 'en'])];
}

const SAFE_NAME = /^[a-z0-9_]+\.[A-Za-z0-9-]+\.(subject|html|txt)$/;

const FILES: Record<keyof TemplateSet, string> = { subject: 'subject', html: 'html', text: 'txt' };

/** An override file, or undefined when there is none (any other read error is the operator's to see). */
function readOverride(dir: string, name: string): string | undefined {
  // A kind or locale is never a path: nothing outside the folder is read, whatever reaches here.
  if (!SAFE_NAME.test(name)) return undefined;
  try {
    return readFileSync(path.join(dir, name), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * The template of `kind` for `locale`, part by part: `<templatesDir>/<kind>.<locale>.subject|html|txt` first, then
 * the built-in one, each trying the locale, its language, then English. Read at each render, so an operator's
 * edit applies to the next email without a restart (files of a few kB, read once per email).
 */
function templateFor(kind: string, locale: string, templatesDir: string): TemplateSet {
  const set: Partial<TemplateSet> = {};
  for (const part of Object.keys(FILES) as Array<keyof TemplateSet>) {
    for (const candidate of candidates(locale)) {
      const override = templatesDir ? readOverride(templatesDir, `${kind}.${candidate}.${FILES[part]}`) : undefined;
      const value = override ?? BUILTIN_TEMPLATES[`${kind}.${candidate}`]?.[part];
      if (value !== undefined) {
        set[part] = value;
        break;
      }
    }
    if (set[part] === undefined) throw new Error(`mail: no ${part} template for ${kind}`);
  }
  return set as TemplateSet;
}

/** Subject (one line, never HTML), HTML (every value escaped) and text parts of an email. */
export function renderEmail(kind: string, locale: string, templatesDir: string, data: TemplateScope): RenderedEmail {
  const template = templateFor(kind, locale, templatesDir);
  return {
    subject: renderTemplate(template.subject, data, 'text').replace(/\s+/g, ' ').trim(),
    html: renderTemplate(template.html, data, 'html'),
    text: renderTemplate(template.text, data, 'text'),
  };
}
