import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/platform/page.ts';
import { html, webUrl } from '../../src/web/markup.ts';
import { renderPage } from '../../src/web/render-page.ts';

// Any page, rendered one way: text the bot did not write stays text in every block, and only web addresses
// become sources or links.

const EVIL = `<script>alert("x")</script>&'`;
const ESCAPED = '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#38;&#39;';

describe('the html template', () => {
  it('escapes every character that could open markup, in text and attributes alike', () => {
    expect(html`<p title="${`a"b`}">${`<a href="x" onclick='y'>&`}</p>`.toString()).toBe(
      '<p title="a&#34;b">&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;</p>',
    );
    // Markup it made itself goes in as it is; lists are joined; nothing is written for false or undefined.
    expect(html`<ul>${['a', '<b>'].map((x) => html`<li>${x}</li>`)}${false}${undefined}</ul>`.toString()).toBe(
      '<ul><li>a</li><li>&#60;b&#62;</li></ul>',
    );
  });

  it('keeps web addresses and the site’s own paths, and nothing else', () => {
    expect(webUrl('https://cdn.example.com/v.mp4')).toBe('https://cdn.example.com/v.mp4');
    expect(webUrl('/slack/install')).toBe('/slack/install');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', ' https://x', 'vbscript:x']) {
      expect(webUrl(bad)).toBeUndefined();
    }
  });
});

describe('a page', () => {
  const page: Page = {
    status: 200,
    lang: `en"${EVIL}`,
    title: EVIL,
    blocks: [
      { kind: 'heading', text: EVIL },
      { kind: 'text', text: EVIL, tone: 'quote' },
      { kind: 'text', text: EVIL, tone: 'warning' },
      {
        kind: 'facts',
        items: [
          { label: EVIL, value: EVIL },
          { label: 'When', value: { at: 0, fallback: EVIL } },
        ],
      },
      { kind: 'list', title: EVIL, items: [EVIL] },
      { kind: 'entries', title: EVIL, items: [{ at: { at: 0, fallback: EVIL }, text: EVIL }] },
      { kind: 'video', id: 'player', src: 'javascript:alert(1)', poster: 'data:x', linkText: EVIL },
      { kind: 'link', href: 'javascript:alert(1)', text: EVIL },
      {
        kind: 'form',
        action: 'javascript:alert(1)',
        hidden: { token: EVIL },
        fields: [{ kind: 'text', name: 'at', label: EVIL, hint: EVIL, value: EVIL, placeholder: EVIL }],
        buttons: [{ name: 'decision', value: EVIL, label: EVIL }],
      },
    ],
  };
  const out = renderPage(page, 'n0nce');

  it('keeps text the bot did not write as text in every block', () => {
    expect(out).not.toContain('<script>alert');
    expect(out).not.toContain('"x"');
    const occurrences = out.split(ESCAPED).length - 1;
    expect(occurrences).toBeGreaterThanOrEqual(16);
  });

  it('makes no player, link or form target of an address that is not a web one', () => {
    expect(out).not.toContain('javascript:');
    expect(out).not.toContain('data:x');
    expect(out).not.toContain('<video');
    expect(out).not.toContain('action=');
  });

  it('loads its one style and one script under the nonce, and nothing from elsewhere', () => {
    expect(out.match(/<(script|style)( [^>]*)?>/g)).toEqual(['<style nonce="n0nce">', '<script nonce="n0nce">']);
    expect(out).not.toMatch(/<script[^>]+src=|<link /);
  });

  it('draws a video from a web address with a link to it that sends no referrer', () => {
    const video = renderPage(
      {
        status: 200,
        lang: 'en',
        title: 'v',
        blocks: [
          {
            kind: 'video',
            id: 'player',
            src: 'https://cdn.example.com/v.mp4',
            poster: 'https://cdn.example.com/v.jpg',
            linkText: 'Open',
          },
        ],
      },
      'n',
    );
    expect(video).toContain(
      '<video id="player" controls playsinline preload="metadata" src="https://cdn.example.com/v.mp4" poster="https://cdn.example.com/v.jpg">',
    );
    expect(video).toContain(
      '<a href="https://cdn.example.com/v.mp4" rel="noreferrer noopener" target="_blank">Open</a>',
    );
  });
});
