// Sign-in: the guest visit token, e-mail login codes, sign-out, and the embedded dev mailbox.
import { Hono } from 'hono';
import { html } from 'hono/html';
import { LoginByCodeRequest, SendLoginCodeRequest, VisitRequest } from '../../common/contract/auth.schema.js';
import { Headers, Paths } from '../../common/contract/index.js';
import { tooManyRequests } from '../errors.js';
import { type AppEnv, ok, requireCaller } from '../http/context.js';
import { mailboxAccess, mailboxViewer } from '../http/dev-mailbox.js';
import { readJson } from '../http/validate.js';
import { assertValidEmail } from '../services/auth/login-codes.js';

export const authRoutes = new Hono<AppEnv>()
  .post(Paths.visit, async (c) => {
    const services = c.get('services');
    if (!(await services.visitLimiter.take(c.get('info').ip))) throw tooManyRequests();
    const { sign } = await readJson(c, VisitRequest);
    const token = await services.visit.visit(sign);
    return ok(c, { token });
  })
  .post(Paths.sendLoginCode, async (c) => {
    const { email, captchaToken } = await readJson(c, SendLoginCodeRequest);
    const { captcha, loginCodes } = c.get('services');
    assertValidEmail(email);
    await captcha.require(c.req.header(Headers.captchaToken) || captchaToken, c.get('info').ip);
    await loginCodes.send(email, c.get('info').ip, {
      viewer: mailboxViewer(c),
      language: c.get('info').language,
    });
    return ok(c, true);
  })
  .post(Paths.loginByCode, async (c) => {
    const { email, code } = await readJson(c, LoginByCodeRequest);
    const token = await c.get('services').loginCodes.login(email, code, c.get('info').ip, c.get('caller'));
    // Which entry page a login came from (the /home gray release), for the operator's log.
    const grayRelease = c.req.header(Headers.grayRelease);
    if (token && grayRelease === 'home') c.get('services').logger.info({ grayRelease }, 'login from /home');
    return ok(c, token);
  })
  .post(Paths.signout, async (c) => {
    requireCaller(c);
    const token = c.get('info').token;
    if (token) await c.get('services').sessions.revoke(token);
    return ok(c, true);
  });

export const visitKeyRoute = new Hono<AppEnv>().get(Paths.visitKey, (c) =>
  ok(c, { key: c.get('services').visitKeys.publicKeySpki }),
);

/** The embedded dev mailbox: only when no SMTP server is configured, so operators can read login codes. */
export const devMailboxRoute = new Hono<AppEnv>().get(Paths.devMailbox, (c) => {
  const { mailer } = c.get('services');
  if (!mailer.devMailbox) return c.text('Not found', 404);
  c.header('Cache-Control', 'no-store');
  const access = mailboxAccess(c);
  if (!access)
    return c.text(
      'The dev mailbox answers only browsers on the server itself, or the link with the operator token printed in the start-up log.',
      403,
    );
  // A browser on this machine sees only the mail it asked for: another user's code is not its to read.
  const rows = mailer
    .recent()
    .filter((m) => access.who === 'operator' || (access.viewer !== null && m.viewer === access.viewer));
  return c.html(html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>Parley dev mailbox</title>
        <style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px}article{border:1px solid #ddd;border-radius:8px;padding:12px;margin:12px 0}pre{white-space:pre-wrap}</style>
      </head>
      <body>
        <h1>Dev mailbox</h1>
        <p>No SMTP_URL is configured, so Parley keeps outgoing mail here (newest first) instead of sending it.
        ${access.who === 'operator' ? 'Operator view: all mail.' : 'Only mail this browser asked for is shown.'}</p>
        ${rows.length === 0 ? html`<p>No mail yet.</p>` : ''}
        ${rows.map(
          (m) => html`<article>
            <strong>${m.subject}</strong>
            <div>To ${m.to} at ${m.sentAt}</div>
            <pre>${m.text}</pre>
          </article>`,
        )}
      </body>
    </html>`);
});
