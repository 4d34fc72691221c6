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

function layout(nonce: string, title: string, body: string, script: string): string {
  return `<!doctype html>
<html lang="en">
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
<noscript><p>This step needs JavaScript: please turn it on in your browser and open the link from your email again.</p></noscript>
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
var UNREACHABLE = 'The shop could not be reached; please check your connection and try again.';
var BUSY = 'Too many attempts in a short time; please wait a minute and try again.';
var FAILED = 'Something went wrong on our side; please try again in a moment.';
`;

const NO_TOKEN_RESET =
  'This page needs the link from your password reset email; open that link again, or ask for a new one.';
const NO_TOKEN_VERIFY =
  'This page needs the link from your verification email; open that link again, or ask for a new one.';

const RESET_BODY = `<h1>Set a new password</h1>
<form id="reset-form" novalidate hidden>
<label for="new-password">New password</label>
<input id="new-password" name="password" type="password" autocomplete="new-password" required minlength="8" maxlength="128" aria-describedby="password-hint">
<p id="password-hint" class="hint">8 to 128 characters, not one of the most common passwords.</p>
<button type="submit">Set password</button>
</form>
<p id="message" class="message" role="status" aria-live="polite"></p>`;

const RESET_SCRIPT = `${COMMON_SCRIPT}
var form = document.getElementById('reset-form');
var input = document.getElementById('new-password');
var button = form.querySelector('button');
var message = document.getElementById('message');
var DETAILS = {
  min_length: 'The password is too short: use at least 8 characters.',
  max_length: 'The password is too long: use at most 128 characters.',
  common_password: 'This password is one of the most common ones; please choose another.',
  required: 'Enter a new password.'
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
  show(${JSON.stringify(NO_TOKEN_RESET)}, true);
} else {
  form.hidden = false;
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var password = input.value;
    if (!password) return fieldError(DETAILS.required);
    button.disabled = true;
    show('Setting your new password…', false);
    post(${JSON.stringify(RESET_API)}, { token: token, password: password }).then(function (answer) {
      button.disabled = false;
      if (answer.status === 200) {
        form.hidden = true;
        token = '';
        show(sentence(answer.body.data && answer.body.data.message) || 'Your password has been changed; you can now sign in with it.', false);
        return;
      }
      var error = firstError(answer);
      if (error.code === 'invalid_token') {
        // Used, expired or unknown: the form cannot help any more, only a new email can.
        form.hidden = true;
        token = '';
        return show(sentence(error.detail), true);
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

const VERIFY_BODY = `<h1>Confirm your email</h1>
<p id="message" class="message" role="status" aria-live="polite"></p>`;

const VERIFY_SCRIPT = `${COMMON_SCRIPT}
var message = document.getElementById('message');
function show(text, isError) {
  message.textContent = text;
  message.className = isError ? 'message error' : 'message';
}
if (!token) {
  show(${JSON.stringify(NO_TOKEN_VERIFY)}, true);
} else {
  show('Confirming your email address…', false);
  post(${JSON.stringify(VERIFY_API)}, { token: token }).then(function (answer) {
    if (answer.status === 200) return show('Thank you: your email address is confirmed.', false);
    var error = firstError(answer);
    if (error.code === 'invalid_token') return show(sentence(error.detail), true);
    if (answer.status === 429) return show(BUSY, true);
    show(FAILED, true);
  }, function () {
    show(UNREACHABLE, true);
  });
}
`;

const NOT_FOUND_BODY = `<h1>Page not found</h1>
<p>There is no such page; please check the link.</p>`;

/** Sends a page under its own fresh 128-bit nonce; nothing on it may be cached or sent on as a Referer. */
function sendPage(res: Response, title: string, body: string, script: string): void {
  const nonce = randomBytes(16).toString('base64');
  res.setHeader('Content-Security-Policy', storePagePolicy(nonce));
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.type('html').send(layout(nonce, title, body, script));
}

/**
 * GET `/store/reset-password` and `/store/verify-email`, and a small HTML 404 for anything else under `/store`: a
 * person who mistypes a link from an email sees a page, not the API's JSON error.
 */
export function storeAccountPages(): express.Router {
  const router = express.Router({ strict: false, caseSensitive: true });
  router.get(STORE_RESET_PATH, (_req: Request, res: Response) =>
    sendPage(res, 'Set a new password', RESET_BODY, RESET_SCRIPT),
  );
  router.get(STORE_VERIFY_PATH, (_req: Request, res: Response) =>
    sendPage(res, 'Confirm your email', VERIFY_BODY, VERIFY_SCRIPT),
  );
  router.all(/^\/store(\/.*)?$/, (_req: Request, res: Response) => {
    res.status(404);
    sendPage(res, 'Page not found', NOT_FOUND_BODY, '');
  });
  return router;
}
