import { randomBytes } from 'node:crypto';

import express, { type Request, type Response } from 'express';

/**
 * The service's own store pages for the links of account emails (issue 49, contract §11): `auth.store_reset_url`
 * and `auth.store_verify_url` default to `<server.public_url>/store/reset-password` and `/store/verify-email`,
 * with the token in the URL fragment, so a shop without a storefront still has links that work.
 *
 * The token never reaches the server with the page: it is in the fragment, which the browser does not send. The
 * page's script reads it, takes it out of the address bar (history, bookmarks, a screenshot), and posts it to the
 * public JSON route, same origin.
 */

export const STORE_RESET_PATH = '/store/reset-password';
export const STORE_VERIFY_PATH = '/store/verify-email';

const RESET_API = '/api/v1/store/auth/password-reset/confirm';
const VERIFY_API = '/api/v1/store/auth/verify-email';

/**
 * The nonce policy of the service's HTML pages (src/http/html-page.ts), stricter where these pages allow it:
 * their one style block carries the nonce too, so no `'unsafe-inline'` anywhere (the shared policy keeps it for
 * the admin's runtime styles, which these pages do not have), nothing but the service itself to connect to, and
 * forms may post nowhere else.
 */
export function storePagePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    'img-src data:',
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The pages' words, per language (D-4xx): `?lang=` first (a shop's own link can pin it), else the browser's
 * `Accept-Language`, else English. The account emails pick their template from the requester's language too, so a
 * German request leads to a German email and, in that browser, a German page.
 */
const PHRASES = {
  en: {
    noscript: 'This step needs JavaScript: please turn it on in your browser and open the link from your email again.',
    resetTitle: 'Set a new password',
    newPassword: 'New password',
    passwordHint: '8 to 128 characters, not one of the most common passwords.',
    setPassword: 'Set password',
    verifyTitle: 'Confirm your email',
    notFoundTitle: 'Page not found',
    notFound: 'There is no such page; please check the link.',
    script: {
      unreachable: 'The shop could not be reached; please check your connection and try again.',
      busy: 'Too many attempts in a short time; please wait a minute and try again.',
      failed: 'Something went wrong on our side; please try again in a moment.',
      noTokenReset:
        'This page needs the link from your password reset email; open that link again, or ask for a new one.',
      noTokenVerify:
        'This page needs the link from your verification email; open that link again, or ask for a new one.',
      // null: the service's own sentence (English) is shown.
      invalidReset: null as string | null,
      invalidVerify: null as string | null,
      resetDone: null as string | null,
      resetDoneDefault: 'Your password has been changed; you can now sign in with it.',
      setting: 'Setting your new password…',
      confirming: 'Confirming your email address…',
      confirmed: 'Thank you: your email address is confirmed.',
      minLength: 'The password is too short: use at least 8 characters.',
      maxLength: 'The password is too long: use at most 128 characters.',
      common: 'This password is one of the most common ones; please choose another.',
      required: 'Enter a new password.',
    },
  },
  de: {
    noscript:
      'Dieser Schritt braucht JavaScript: Bitte schalten Sie es im Browser ein und öffnen Sie den Link aus Ihrer E-Mail erneut.',
    resetTitle: 'Neues Passwort festlegen',
    newPassword: 'Neues Passwort',
    passwordHint: '8 bis 128 Zeichen, keines der häufigsten Passwörter.',
    setPassword: 'Passwort festlegen',
    verifyTitle: 'E-Mail-Adresse bestätigen',
    notFoundTitle: 'Seite nicht gefunden',
    notFound: 'Diese Seite gibt es nicht; bitte prüfen Sie den Link.',
    script: {
      unreachable: 'Der Shop ist nicht erreichbar; bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
      busy: 'Zu viele Versuche in kurzer Zeit; bitte warten Sie eine Minute und versuchen Sie es erneut.',
      failed: 'Bei uns ist etwas schiefgegangen; bitte versuchen Sie es gleich noch einmal.',
      noTokenReset:
        'Diese Seite braucht den Link aus Ihrer E-Mail zum Zurücksetzen des Passworts; öffnen Sie ihn erneut oder fordern Sie einen neuen an.',
      noTokenVerify:
        'Diese Seite braucht den Link aus Ihrer Bestätigungs-E-Mail; öffnen Sie ihn erneut oder fordern Sie einen neuen an.',
      invalidReset:
        'Dieser Link zum Zurücksetzen des Passworts ist ungültig, abgelaufen oder schon benutzt; bitte fordern Sie einen neuen an.',
      invalidVerify:
        'Dieser Bestätigungslink ist ungültig, abgelaufen oder schon benutzt; bitte fordern Sie einen neuen an.',
      resetDone: 'Ihr Passwort ist geändert; Sie können sich jetzt damit anmelden.',
      resetDoneDefault: 'Ihr Passwort ist geändert; Sie können sich jetzt damit anmelden.',
      setting: 'Ihr neues Passwort wird gespeichert…',
      confirming: 'Ihre E-Mail-Adresse wird bestätigt…',
      confirmed: 'Danke: Ihre E-Mail-Adresse ist bestätigt.',
      minLength: 'Das Passwort ist zu kurz: Verwenden Sie mindestens 8 Zeichen.',
      maxLength: 'Das Passwort ist zu lang: Verwenden Sie höchstens 128 Zeichen.',
      common: 'Dieses Passwort gehört zu den häufigsten; bitte wählen Sie ein anderes.',
      required: 'Geben Sie ein neues Passwort ein.',
    },
  },
};
type Lang = keyof typeof PHRASES;
type Phrases = (typeof PHRASES)[Lang];

/** `?lang=de` (or `de-AT`), else the first supported language of `Accept-Language` by `q`, else English. */
export function pageLanguage(query: unknown, acceptLanguage: string | undefined): Lang {
  const supported = (tag: string): Lang | undefined => {
    const language = tag.trim().toLowerCase().split('-')[0];
    return Object.hasOwn(PHRASES, language) ? (language as Lang) : undefined;
  };
  if (typeof query === 'string' && supported(query)) return supported(query)!;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const entry of ranked) {
    const lang = supported(entry.tag);
    if (lang) return lang;
  }
  return 'en';
}

const STYLE = `
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}
h1{font-size:1.5rem;line-height:1.25}
label{display:block;font-weight:600;margin-top:1rem}
input{display:block;width:100%;max-width:100%;font:inherit;padding:.5rem;margin-top:.25rem;border:1px solid #595959;border-radius:4px}
button{font:inherit;margin-top:1rem;padding:.5rem 1rem;border:1px solid #0b3d91;border-radius:4px;background:#0b3d91;color:#fff;cursor:pointer}
button[disabled]{opacity:.6;cursor:default}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #c2410c;outline-offset:2px}
.hint{margin:.25rem 0 0;color:#404040;font-size:.9rem}
.message{margin-top:1rem}
.message:empty{display:none}
.error{color:#a40e0e}
[hidden]{display:none!important}
`;

function layout(lang: Lang, nonce: string, title: string, body: string, script: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${title}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
${body}
<noscript><p>${PHRASES[lang].noscript}</p></noscript>
</main>
${script ? `<script nonce="${nonce}">${script}</script>\n` : ''}</body>
</html>`;
}

/**
 * Shared by both scripts: the token from `#token=…`, removed from the address bar at once, and a POST of JSON to
 * the API. `credentials: 'omit'`: these routes need no session, so no cookie goes with them — a signed-in (or
 * stale) session cannot get in the way, and with no credential cookie the double-submit CSRF check has nothing to
 * protect (src/http/csrf.ts), so the page needs no token of that kind either.
 */
const COMMON_SCRIPT = `
var params = new URLSearchParams(location.hash.replace(/^#/, ''));
var token = params.get('token') || '';
if (location.hash) history.replaceState(null, '', location.pathname + location.search);
function sentence(text) {
  text = String(text || '').trim();
  if (!text) return '';
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : text + '.';
}
function post(url, body) {
  return fetch(url, {
    method: 'POST',
    credentials: 'omit',
    cache: 'no-store',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  }).then(function (res) {
    return res.json().then(
      function (json) { return { status: res.status, body: json || {} }; },
      function () { return { status: res.status, body: {} }; }
    );
  });
}
function firstError(answer) {
  return (answer.body && answer.body.errors && answer.body.errors[0]) || {};
}
var UNREACHABLE = T.unreachable;
var BUSY = T.busy;
var FAILED = T.failed;
`;

/** The script's words as a JSON literal (`<` escaped: nothing in it can close the script element). */
const scriptTexts = (p: Phrases) => `var T = ${JSON.stringify(p.script).replace(/</g, '\\u003c')};\n`;

const resetBody = (p: Phrases) => `<h1>${p.resetTitle}</h1>
<form id="reset-form" novalidate hidden>
<label for="new-password">${p.newPassword}</label>
<input id="new-password" name="password" type="password" autocomplete="new-password" required minlength="8" maxlength="128" aria-describedby="password-hint">
<p id="password-hint" class="hint">${p.passwordHint}</p>
<button type="submit">${p.setPassword}</button>
</form>
<p id="message" class="message" role="status" aria-live="polite"></p>`;

const RESET_SCRIPT = `${COMMON_SCRIPT}
var form = document.getElementById('reset-form');
var input = document.getElementById('new-password');
var button = form.querySelector('button');
var message = document.getElementById('message');
var DETAILS = {
  min_length: T.minLength,
  max_length: T.maxLength,
  common_password: T.common,
  required: T.required
};
function show(text, isError) {
  message.textContent = text;
  message.className = isError ? 'message error' : 'message';
}
function fieldError(text) {
  show(text, true);
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute('aria-describedby', 'password-hint message');
  input.focus();
}
if (!token) {
  show(T.noTokenReset, true);
} else {
  form.hidden = false;
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var password = input.value;
    if (!password) return fieldError(DETAILS.required);
    button.disabled = true;
    show(T.setting, false);
    post(${JSON.stringify(RESET_API)}, { token: token, password: password }).then(function (answer) {
      button.disabled = false;
      if (answer.status === 200) {
        form.hidden = true;
        token = '';
        show(T.resetDone || sentence(answer.body.data && answer.body.data.message) || T.resetDoneDefault, false);
        return;
      }
      var error = firstError(answer);
      if (error.code === 'invalid_token') {
        // Used, expired or unknown: the form cannot help any more, only a new email can.
        form.hidden = true;
        token = '';
        return show(T.invalidReset || sentence(error.detail), true);
      }
      if (error.code === 'validation_error' && error.field === 'password') {
        var code = String(error.detail || '').split(':')[0];
        return fieldError((Object.prototype.hasOwnProperty.call(DETAILS, code) && DETAILS[code]) || sentence(error.detail));
      }
      if (answer.status === 429) return show(BUSY, true);
      show(FAILED, true);
    }, function () {
      button.disabled = false;
      show(UNREACHABLE, true);
    });
  });
}
`;

const verifyBody = (p: Phrases) => `<h1>${p.verifyTitle}</h1>
<p id="message" class="message" role="status" aria-live="polite"></p>`;

const VERIFY_SCRIPT = `${COMMON_SCRIPT}
var message = document.getElementById('message');
function show(text, isError) {
  message.textContent = text;
  message.className = isError ? 'message error' : 'message';
}
if (!token) {
  show(T.noTokenVerify, true);
} else {
  show(T.confirming, false);
  post(${JSON.stringify(VERIFY_API)}, { token: token }).then(function (answer) {
    if (answer.status === 200) return show(T.confirmed, false);
    var error = firstError(answer);
    if (error.code === 'invalid_token') return show(T.invalidVerify || sentence(error.detail), true);
    if (answer.status === 429) return show(BUSY, true);
    show(FAILED, true);
  }, function () {
    show(UNREACHABLE, true);
  });
}
`;

const notFoundBody = (p: Phrases) => `<h1>${p.notFoundTitle}</h1>
<p>${p.notFound}</p>`;

/**
 * Sends a page in the request's language under its own fresh 128-bit nonce; nothing on it may be cached or sent
 * on as a Referer. `page` builds the title, body and script (without the words, which go first) from the phrases.
 */
function sendPage(
  req: Request,
  res: Response,
  page: (p: Phrases) => { title: string; body: string; script: string },
): void {
  const lang = pageLanguage(req.query.lang, req.get('accept-language'));
  const { title, body, script } = page(PHRASES[lang]);
  const nonce = randomBytes(16).toString('base64');
  res.setHeader('Content-Security-Policy', storePagePolicy(nonce));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Content-Language', lang);
  res.vary('Accept-Language');
  res.type('html').send(layout(lang, nonce, title, body, script && `${scriptTexts(PHRASES[lang])}${script}`));
}

/**
 * GET `/store/reset-password` and `/store/verify-email`, and a small HTML 404 for anything else under `/store`: a
 * person who mistypes a link from an email sees a page, not the API's JSON error.
 */
export function storeAccountPages(): express.Router {
  const router = express.Router({ strict: false, caseSensitive: true });
  router.get(STORE_RESET_PATH, (req: Request, res: Response) =>
    sendPage(req, res, (p) => ({ title: p.resetTitle, body: resetBody(p), script: RESET_SCRIPT })),
  );
  router.get(STORE_VERIFY_PATH, (req: Request, res: Response) =>
    sendPage(req, res, (p) => ({ title: p.verifyTitle, body: verifyBody(p), script: VERIFY_SCRIPT })),
  );
  router.all(/^\/store(\/.*)?$/, (req: Request, res: Response) => {
    res.status(404);
    sendPage(req, res, (p) => ({ title: p.notFoundTitle, body: notFoundBody(p), script: '' }));
  });
  return router;
}
