import MarkdownIt from 'markdown-it';

/**
 * Markdown for the legal and {token} pages (issue: public site): raw HTML is never rendered (staff
 * texts cannot inject markup), links are kept to http(s), mailto:, tel: and site paths (markdown-it's
 * own link validation), headings get ids so the FAQ can be linked to.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

md.core.ruler.push('heading_ids', (state) => {
  const used = new Set<string>();
  state.tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const inline = state.tokens[index + 1];
    let id = slugify(inline?.content ?? '') || 'section';
    for (let n = 2; used.has(id); n++) id = `${slugify(inline?.content ?? '')}-${n}`;
    used.add(id);
    token.attrSet('id', id);
  });
  return true;
});

/** Escapes text for HTML (values put into rendered Markdown). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Fills `{{name}}` placeholders of plain text with `values` (an unknown one stays visible). */
export function fillPlaceholders(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * Renders page Markdown to HTML and fills `{{name}}` placeholders with `values` (HTML-escaped; an
 * unknown placeholder stays visible so a typo is noticed). Placeholders are filled after rendering,
 * so a value can never turn into Markdown or HTML.
 */
export function renderPageMarkdown(source: string, values: Record<string, string | number>): string {
  const html = md.render(source);
  return (
    html
      // In link targets (mailto:{{support_email}}) markdown-it has percent-encoded the braces.
      .replace(/%7B%7B(\w+)%7D%7D/g, (whole, name: string) =>
        name in values ? escapeHtml(encodeURI(String(values[name]))) : whole,
      )
      .replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? escapeHtml(String(values[name])) : whole))
  );
}

/** Placeholders a page text uses that `values` does not fill (the legal-texts check in the tests). */
export function missingPlaceholders(source: string, values: Record<string, string | number>): string[] {
  return [...source.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').filter((name) => !(name in values));
}
