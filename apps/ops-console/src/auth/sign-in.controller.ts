import { randomBytes } from 'node:crypto';
import { Body, Controller, Get, Header, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ConsoleAudit } from '../audit/console-audit.service';
import { OpsConsoleConfig } from '../ops-console.config';
import { CONSOLE_CSS } from '../pages/console.css';
import { html } from '../pages/html';
import { document } from '../pages/layout';
import { ConsoleSessions } from './console-sessions.service';
import { cookieValue, serializeCookie, SESSION_COOKIE, SIGN_IN_COOKIE } from './cookies';
import { signedInOf } from './signed-in';

const MESSAGES: Record<string, string> = {
  failed: 'That e-mail and password do not match an active console account.',
  locked: 'Too many failed attempts: this account is locked for a while. Ask another operator to run `admin-cli operator unlock`, or wait.',
  expired: 'The sign-in form expired. Please try again.',
  signed_out: 'You are signed out.',
};

@Controller()
export class SignInController {
  constructor(
    private readonly sessions: ConsoleSessions,
    private readonly audit: ConsoleAudit,
    private readonly config: OpsConsoleConfig,
  ) {}

  @Get('assets/console.css')
  @Header('content-type', 'text/css; charset=utf-8')
  @Header('cache-control', 'public, max-age=300')
  stylesheet(): string {
    return CONSOLE_CSS;
  }

  @Get('login')
  signInPage(@Query('error') error: string | undefined, @Query('next') next: string | undefined, @Res() reply: FastifyReply): void {
    const formToken = randomBytes(18).toString('base64url');
    const message = error ? MESSAGES[error] : undefined;
    void reply
      .header('set-cookie', serializeCookie(SIGN_IN_COOKIE, formToken, { secure: this.secure, maxAgeSeconds: 1_800, path: '/login' }))
      .type('text/html; charset=utf-8')
      .send(
        document(
          'Sign in',
          html`<div class="login-wrap"><main class="login">
            <p class="brand" style="color:var(--ink)"><span class="brand-mark">◆</span> MoMo Gateway <span class="muted">on-call console</span></p>
            <h1>Sign in</h1>
            ${message ? html`<p class="${error === 'signed_out' ? 'notice' : 'error'}" role="alert">${message}</p>` : ''}
            <form method="post" action="/login">
              <input type="hidden" name="_form" value="${formToken}">
              <input type="hidden" name="next" value="${safeNext(next)}">
              <label>E-mail <input type="email" name="email" autocomplete="username" required autofocus></label>
              <label>Password <input type="password" name="password" autocomplete="current-password" required></label>
              <button class="button button-primary" type="submit">Sign in</button>
            </form>
            <p class="muted" style="font-size:.8rem;margin-bottom:0">Console accounts are made with <code>admin-cli operator create</code>. Every action here is audited.</p>
          </main></div>`,
        ),
      );
  }

  @Post('login')
  async signIn(@Body() body: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const email = typeof body?.email === 'string' ? body.email.slice(0, 200) : '';
    const password = typeof body?.password === 'string' ? body.password.slice(0, 500) : '';
    const from = { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
    const formToken = cookieValue(request.headers.cookie, SIGN_IN_COOKIE);
    if (!formToken || body?._form !== formToken) return void reply.redirect('/login?error=expired', 303);
    const result = await this.sessions.signIn(email, password, from);
    if (!result.ok) {
      await this.audit.recordAnonymous(email, null, 'sign-in', 'denied', from, { reason: result.reason, lockedNow: result.lockedNow ?? false });
      return void reply.redirect(`/login?error=${result.reason === 'locked' || result.lockedNow ? 'locked' : 'failed'}`, 303);
    }
    await this.audit.recordAnonymous(result.session.operator.email, result.session.operator.id, 'sign-in', 'ok', from, { role: result.session.operator.role });
    void reply
      .header('set-cookie', [
        serializeCookie(SESSION_COOKIE, result.token, { secure: this.secure, maxAgeSeconds: this.config.CONSOLE_SESSION_TTL_SECONDS }),
        serializeCookie(SIGN_IN_COOKIE, '', { secure: this.secure, maxAgeSeconds: 0, path: '/login' }),
      ])
      .redirect(safeNext(typeof body?.next === 'string' ? body.next : undefined), 303);
  }

  @Post('logout')
  async signOut(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const signedIn = signedInOf(request);
    if (signedIn) {
      await this.sessions.signOut(signedIn.token);
      await this.audit.record(signedIn, 'sign-out', null, 'ok');
    }
    void reply.header('set-cookie', serializeCookie(SESSION_COOKIE, '', { secure: this.secure, maxAgeSeconds: 0 })).redirect('/login?error=signed_out', 303);
  }

  private get secure(): boolean {
    return this.config.CONSOLE_COOKIE_SECURE === 'true';
  }
}

/** Only a path of this console: never an open redirect to another site. */
function safeNext(next: string | undefined): string {
  return next && /^\/(?![/\\])[\x21-\x7e]*$/.test(next) && !next.startsWith('/login') ? next : '/';
}
