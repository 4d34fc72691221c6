/** One email kind's templates for one locale: subject (one line), HTML part and plain-text part. */
export interface TemplateSet {
  subject: string;
  html: string;
  text: string;
}

/**
 * The HTML frame every built-in email shares: a 600 px table with inline styles (what mail clients render), the
 * shop's name as heading, then `body` (table rows, `<tr>…</tr>`, ending where the frame closes the table).
 * `title` and `body` are template text: their `{{values}}` are escaped when the email is rendered.
 */
export function frame(title: string, body: string): string {
  return `<!doctype html>
<html lang="{{locale}}"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px">
<tr><td style="padding:24px 24px 8px"><h1 style="margin:0;font-size:20px">{{shop_name}}</h1></td></tr>
${body}</table></td></tr></table>
</body></html>
`;
}

/**
 * The body of the account emails (reset, verification, invite): one message, one button, the link spelled out
 * for clients that hide buttons (`orOpen` says so in the email's language), and why the recipient got it. `{{link}}`
 * carries its token in the URL fragment.
 */
export function accountEmail(
  title: string,
  intro: string,
  button: string,
  after: string,
  orOpen = 'Or open this address:',
): Pick<TemplateSet, 'html' | 'text'> {
  return {
    html: frame(
      title,
      `<tr><td style="padding:8px 24px"><p style="margin:0 0 16px">${intro}</p>
<p style="margin:0 0 16px"><a href="{{link}}" style="display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:4px">${button}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#52525b">${orOpen} <a href="{{link}}" style="color:#52525b;word-break:break-all">{{link}}</a></p>
<p style="margin:0 0 24px;font-size:13px;color:#52525b">${after}</p></td></tr>
`,
    ),
    text: `{{shop_name}}

${intro.replace(/<\/?strong>/g, '')}

${button}: {{link}}

${after}
`,
  };
}
