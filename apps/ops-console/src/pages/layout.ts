import { ConsoleRole } from '@momo/data';
import { html, SafeHtml } from './html';

export interface Viewer {
  name: string;
  email: string;
  role: ConsoleRole;
  csrfToken: string;
}

const NAV = [
  { href: '/', label: 'Overview' },
  { href: '/payments/stuck', label: 'Stuck payments' },
  { href: '/exceptions', label: 'Exceptions' },
  { href: '/deliveries/abandoned', label: 'Abandoned webhooks' },
  { href: '/search', label: 'Find a payment' },
  { href: '/queues', label: 'Queues' },
  { href: '/audit', label: 'Audit log' },
];

/** The console's frame: navigation, who is signed in (and with which role), the page. */
export function page(options: { title: string; path: string; viewer: Viewer; body: SafeHtml; notice?: string | null }): string {
  const { title, path, viewer, body, notice } = options;
  const current = (href: string) => (href === '/' ? path === '/' : path.startsWith(href));
  return document(
    title,
    html`<div class="shell">
      <header class="topbar">
        <a class="brand" href="/"><span class="brand-mark" aria-hidden="true">◆</span> MoMo Gateway <span class="brand-sub">on-call</span></a>
        <nav aria-label="Sections" class="nav">
          ${NAV.map((item) => html`<a href="${item.href}" ${current(item.href) ? html`aria-current="page" class="active"` : ''}>${item.label}</a>`)}
        </nav>
        <div class="who">
          <span class="who-name">${viewer.name}</span>
          <span class="badge badge-${viewer.role === 'operator' ? 'accent' : 'neutral'}" title="role">${viewer.role}</span>
          <form method="post" action="/logout" class="inline">
            <input type="hidden" name="_csrf" value="${viewer.csrfToken}">
            <button type="submit" class="link-button">Sign out</button>
          </form>
        </div>
      </header>
      <main class="content" id="main">
        <h1>${title}</h1>
        ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
        ${body}
      </main>
    </div>`,
  );
}

export function document(title: string, body: SafeHtml): string {
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · MoMo on-call console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/console.css">
</head>
<body>${body}</body>
</html>`}`;
}

/** A state-changing form: POST with the session's CSRF token; disabled (with the reason) for viewers. */
export function actionForm(viewer: Viewer, action: string, label: string, fields: Record<string, string> = {}, options: { danger?: boolean; confirm?: string } = {}): SafeHtml {
  if (viewer.role !== 'operator') {
    return html`<button type="button" class="button" disabled title="Viewers cannot change anything">${label}</button>`;
  }
  return html`<form method="post" action="${action}" class="inline">
    <input type="hidden" name="_csrf" value="${viewer.csrfToken}">
    ${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
    <button type="submit" class="button ${options.danger ? 'button-danger' : 'button-primary'}">${label}</button>
  </form>`;
}
