import { describe, expect, it } from 'vitest';
import { escapeHtml, missingPlaceholders, renderPageMarkdown } from '../src/markdown.js';

const VALUES = {
  site_name: 'Flirt & <Co>',
  support_email: 'help@flirt.example',
  support_phone: '+31208081234',
  refund_days: 14,
};

describe('renderPageMarkdown (issue: public site: legal texts filled from the company info)', () => {
  it('renders Markdown and fills placeholders in the text, escaped', () => {
    const html = renderPageMarkdown('# Over {{site_name}}\n\nJe hebt **{{refund_days}} dagen** bedenktijd.', VALUES);
    expect(html).toContain('>Over Flirt &#38; &#60;Co&#62;</h1>');
    expect(html).toContain('<strong>14 dagen</strong>');
    expect(html).not.toContain('{{');
    expect(html).not.toContain('<Co>');
  });

  it('fills placeholders inside mailto: and tel: link targets and in the link text', () => {
    const html = renderPageMarkdown(
      'Mail [{{support_email}}](mailto:{{support_email}}) of bel [{{support_phone}}](tel:{{support_phone}}).',
      VALUES,
    );
    expect(html).toContain('<a href="mailto:help@flirt.example">help@flirt.example</a>');
    expect(html).toContain('<a href="tel:+31208081234">+31208081234</a>');
    expect(html).not.toMatch(/%7B|\{\{/);
  });

  it('cannot break out of a link target with a value: it is URL-encoded and escaped', () => {
    const html = renderPageMarkdown('[mail](mailto:{{support_email}})', {
      support_email: 'x"onmouseover="alert(1)<script>@example.com',
    });
    const href = /<a href="([^"]*)">mail<\/a>/.exec(html)?.[1];
    expect(href, html).toBeDefined();
    expect(href).toContain('mailto:x%22onmouseover=%22alert(1)%3Cscript%3E@example.com');
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/ onmouseover=/);
  });

  it('never turns a value into Markdown or HTML', () => {
    const html = renderPageMarkdown('Welkom bij {{site_name}}.', {
      site_name: '**vet** [link](https://evil.example) <i>',
    });
    expect(html).toContain('**vet** [link](https://evil.example) &#60;i&#62;');
    expect(html).not.toContain('<strong>');
    expect(html).not.toContain('<a ');
  });

  it('leaves an unknown placeholder visible so a typo is noticed', () => {
    const html = renderPageMarkdown('Bel {{support_phon}} of mail [ons](mailto:{{support_mail}}).', VALUES);
    expect(html).toContain('{{support_phon}}');
    expect(html).toContain('mailto:%7B%7Bsupport_mail%7D%7D');
  });

  it('renders no raw HTML: staff texts cannot inject markup', () => {
    const html = renderPageMarkdown(
      '<script>alert("x")</script>\n\nTekst met <b>vet</b> en <img src=x onerror=alert(1)>.\n\n<div onclick="x()">blok</div>',
      VALUES,
    );
    expect(html).not.toMatch(/<script|<b>|<img|<div/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;vet&lt;/b&gt;');
  });

  it('does not link javascript: or data: targets', () => {
    const html = renderPageMarkdown(
      '[klik](javascript:alert(1)) en [data](data:text/html;base64,PHNjcmlwdD4=)',
      VALUES,
    );
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('href="data:');
  });

  it('gives headings ids from their text: lower case, accents dropped, unique', () => {
    const html = renderPageMarkdown(
      '## Wat kost het?\n\ntekst\n\n## Wat kost het?\n\n### Één vraag über Änderungen\n\n## 🎭\n\n## Wat kost het?',
      VALUES,
    );
    const ids = [...html.matchAll(/<h[1-6] id="([^"]+)">/g)].map((m) => m[1]);
    expect(ids).toEqual(['wat-kost-het', 'wat-kost-het-2', 'een-vraag-uber-anderungen', 'section', 'wat-kost-het-3']);
  });

  it('keeps heading ids short', () => {
    const html = renderPageMarkdown(`## ${'lang '.repeat(40)}`, VALUES);
    const id = /<h2 id="([^"]+)">/.exec(html)?.[1] ?? '';
    expect(id.length).toBeLessThanOrEqual(60);
    expect(id).toMatch(/^lang-lang/);
  });
});

describe('missingPlaceholders', () => {
  it('lists the placeholders a text uses that the values do not fill', () => {
    expect(missingPlaceholders('{{site_name}} {{kvk}} [x](mailto:{{support_email}}) {{nope}}', VALUES)).toEqual([
      'kvk',
      'nope',
    ]);
    expect(missingPlaceholders('geen plaatshouders', VALUES)).toEqual([]);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in HTML text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
    );
    expect(escapeHtml('gewone tekst')).toBe('gewone tekst');
  });
});
