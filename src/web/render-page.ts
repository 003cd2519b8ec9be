// Any Page (core/platform/page.ts) as HTML, one way: every string through `html`, which escapes it; sources and links
// only when they are web addresses; the one style and script under the answer's nonce. The first heading is the
// page's h1, later ones h2.
import type { Page, PageBlock, PageField, PageSeek, PageTime } from '../core/platform/page.ts';
import { html, type Markup, webUrl } from './markup.ts';
import { PAGE_SCRIPT, PAGE_STYLE } from './page-assets.ts';

const time = (t: PageTime): Markup =>
  html`<time datetime="${new Date(t.at).toISOString()}" data-local>${t.fallback}</time>`;

/**
 * A moment of a video: a plain link to the video at that moment (`#t=`, a media fragment), which the page's script
 * turns into a seek of the player (showing that video first). Nothing when the video is not a web address.
 */
function seekLink(s: PageSeek, cls = 'seek'): Markup {
  const src = webUrl(s.src);
  if (!src) return html``;
  const seconds = Math.max(0, Math.floor(s.seconds));
  return html`<a class="${cls}" href="${src}#t=${seconds}" rel="noreferrer noopener" target="_blank" data-seek-of="${s.video}" data-src="${src}" data-seek="${seconds}">${s.label}</a>`;
}

/** A link to this same page with another query (`?lang=es`): letters, digits and `=&-_` only, never a scheme. */
const selfQuery = (href: string): string | undefined => (/^\?[A-Za-z0-9=&_-]*$/.test(href) ? href : undefined);

function field(f: PageField): Markup {
  const hintId = f.hint ? `${f.name}-hint` : undefined;
  const common = html` id="${f.name}" name="${f.name}"${f.maxLength ? html` maxlength="${f.maxLength}"` : ''}${
    f.required ? html` required` : ''
  }${hintId ? html` aria-describedby="${hintId}"` : ''}`;
  const control =
    f.kind === 'textarea'
      ? html`<textarea${common} rows="4">${f.value ?? ''}</textarea>`
      : html`<input type="text"${common}${f.value ? html` value="${f.value}"` : ''}${
          f.pattern ? html` pattern="${f.pattern}"` : ''
        }${f.placeholder ? html` placeholder="${f.placeholder}"` : ''}${f.hint ? html` title="${f.hint}"` : ''}${
          f.positionOf ? html` inputmode="numeric" data-position-of="${f.positionOf}"` : ''
        }>`;
  return html`<label for="${f.name}">${f.label}</label>
${control}${hintId ? html`<p class="hint" id="${hintId}">${f.hint}</p>` : ''}`;
}

function block(b: PageBlock, first: boolean): Markup {
  switch (b.kind) {
    case 'heading':
      return first ? html`<h1>${b.text}</h1>` : html`<h2>${b.text}</h2>`;
    case 'text':
      return b.tone === 'quote'
        ? html`<div class="quote">${b.text}</div>`
        : html`<p${b.tone === 'note' || b.tone === 'warning' ? html` class="${b.tone}"` : ''}>${b.text}</p>`;
    case 'facts':
      return html`<dl>${b.items.map(
        (f) => html`<dt>${f.label}</dt><dd>${typeof f.value === 'string' ? f.value : time(f.value)}</dd>`,
      )}</dl>`;
    case 'list':
      return html`${b.title ? html`<h2>${b.title}</h2>` : ''}<ul>${b.items.map((i) => html`<li>${i}</li>`)}</ul>`;
    case 'entries':
      return html`${b.title ? html`<h2>${b.title}</h2>` : ''}<ul class="entries">${b.items.map(
        (e) =>
          html`<li>${time(e.at)}${e.seek ? html` · ${seekLink(e.seek)}` : ''}<div class="quote">${e.text}</div></li>`,
      )}</ul>`;
    case 'video': {
      const src = webUrl(b.src);
      if (!src) return html``;
      const poster = webUrl(b.poster);
      return html`<video id="${b.id}" controls playsinline preload="metadata" src="${src}"${
        poster ? html` poster="${poster}"` : ''
      }></video>
<p><a href="${src}" rel="noreferrer noopener" target="_blank">${b.linkText}</a></p>`;
    }
    case 'watch':
      return html`<p>${seekLink(b.seek, 'watch')}</p>`;
    case 'languages':
      // Each name in its own language (lang/hreflang), so a screen reader says it as its readers do.
      return html`<nav class="languages" aria-label="${b.label}">${b.items.map((l) => {
        const href = selfQuery(l.href);
        return l.lang === b.current || !href
          ? html`<strong lang="${l.lang}" aria-current="true">${l.name}</strong> `
          : html`<a href="${href}" lang="${l.lang}" hreflang="${l.lang}">${l.name}</a> `;
      })}</nav>`;
    case 'link': {
      const href = webUrl(b.href);
      return href ? html`<p><a href="${href}" rel="noreferrer noopener">${b.text}</a></p>` : html`<p>${b.text}</p>`;
    }
    case 'form': {
      const action = webUrl(b.action);
      return html`<form method="post"${action ? html` action="${action}"` : ''}>${Object.entries(b.hidden).map(
        ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
      )}
${b.fields.map(field)}
<p>${b.buttons.map(
        (x) =>
          html`<button type="submit" name="${x.name}" value="${x.value}" class="${x.primary ? 'primary' : 'secondary'}">${x.label}</button> `,
      )}</p></form>`;
    }
  }
}

export function renderPage(page: Page, nonce: string): string {
  let headings = 0;
  const body = page.blocks.map((b) => block(b, b.kind === 'heading' && headings++ === 0));
  return html`<!doctype html>
<html lang="${page.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">
<title>${page.title}</title><style nonce="${nonce}">${PAGE_STYLE}</style></head>
<body><main>
${body.map((b) => html`${b}\n`)}</main><script nonce="${nonce}">${PAGE_SCRIPT}</script></body></html>`.toString();
}
