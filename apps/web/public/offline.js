// The offline page (offline.html): shows the texts in the browser's language (nl, the site's
// default and fallback, when none of the eleven matches), retries on request, and reloads by itself
// once the browser is online again. Plain script: it is served from the service worker's precache.
(() => {
  const sections = Array.from(document.querySelectorAll('section[data-lang]'));
  const shipped = new Set(sections.map((section) => section.dataset.lang));
  // Norwegian Bokmål is also announced as "no" (and Nynorsk readers read Bokmål).
  const aliases = { no: 'nb', nn: 'nb' };
  const wanted = (navigator.languages && navigator.languages.length > 0 ? navigator.languages : [navigator.language])
    .map((tag) =>
      String(tag || '')
        .slice(0, 2)
        .toLowerCase(),
    )
    .map((code) => aliases[code] || code);
  const lang = wanted.find((code) => shipped.has(code)) || 'nl';
  for (const section of sections) section.hidden = section.dataset.lang !== lang;
  const shown = sections.find((section) => section.dataset.lang === lang);
  document.documentElement.lang = lang;
  const heading = shown?.querySelector('h1');
  if (heading) document.title = heading.textContent;
  for (const button of document.querySelectorAll('[data-retry]')) {
    button.addEventListener('click', () => window.location.reload());
  }
  window.addEventListener('online', () => window.location.reload());
})();
