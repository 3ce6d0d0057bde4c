/** @jsxImportSource preact */
import type { JSX } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { localeTag } from './languages.js';
import { escapeHtml } from './markdown.js';
import type { PageContext, PageHead } from './model.js';

/** Built files of the public client entry (from the web build's manifest); empty when not built. */
export interface PublicAssets {
  /** The entry module's URL. */
  script: string | null;
  /** Modules the entry imports statically (modulepreload). */
  preload: string[];
  /** Stylesheets. */
  styles: string[];
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so the data cannot close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The head tags of a page (title, description, canonical, hreflang, Open Graph, Twitter, JSON-LD) as HTML. */
export function renderHeadTags(ctx: PageContext, head: PageHead): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}">`,
    `<link rel="canonical" href="${e(head.canonical)}">`,
    ...Object.entries(head.alternates).map(
      ([lng, href]) => `<link rel="alternate" hreflang="${e(lng)}" href="${e(href)}">`,
    ),
    head.robots ? `<meta name="robots" content="${e(head.robots)}">` : '',
    `<meta property="og:type" content="${head.ogType}">`,
    `<meta property="og:site_name" content="${e(ctx.site.name)}">`,
    `<meta property="og:title" content="${e(head.title)}">`,
    `<meta property="og:description" content="${e(head.description)}">`,
    `<meta property="og:url" content="${e(head.canonical)}">`,
    `<meta property="og:locale" content="${e(localeTag(ctx.lang).replace('-', '_'))}">`,
    head.image ? `<meta property="og:image" content="${e(head.image)}">` : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(head.title)}">`,
    `<meta name="twitter:description" content="${e(head.description)}">`,
    head.image ? `<meta name="twitter:image" content="${e(head.image)}">` : '',
    ...head.structuredData.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * The whole HTML document of a public page (issue: public site): `lang`, title, meta description,
 * canonical URL, hreflang alternates, Open Graph and Twitter card tags, structured data, the site's
 * colours, the public stylesheet and the islands' script; `body` rendered by Preact on the server.
 */
export function renderDocument({
  ctx,
  head,
  body,
  assets,
}: {
  ctx: PageContext;
  head: PageHead;
  body: JSX.Element;
  assets: PublicAssets;
}): string {
  const e = escapeHtml;
  const { site } = ctx;
  const html = renderToString(body);
  const theme = `:root{--pub-primary:${site.primaryColor};--pub-secondary:${site.secondaryColor}}`;
  return `<!doctype html>
<html lang="${e(ctx.lang)}" dir="ltr">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="theme-color" content="${e(site.primaryColor)}">
    <meta name="color-scheme" content="light">
    ${renderHeadTags(ctx, head)}
    <link rel="icon" href="/favicon.ico" sizes="32x32">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link rel="apple-touch-icon" href="/apple-touch-icon.png">
    <link rel="manifest" href="/manifest.webmanifest">
    ${assets.styles.map((href) => `<link rel="stylesheet" href="${e(href)}">`).join('\n    ')}
    ${assets.preload.map((href) => `<link rel="modulepreload" href="${e(href)}">`).join('\n    ')}
    <style>${theme}</style>
  </head>
  <body class="pub">
    <div id="public-root">${html}</div>
    ${assets.script ? `<script type="module" src="${e(assets.script)}"></script>` : ''}
  </body>
</html>
`;
}
