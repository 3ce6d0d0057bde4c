/**
 * Script payloads for the stored-XSS tests (e2e/security-xss.spec.ts in the browser,
 * apps/server/test/security-xss-mail.test.ts for mails). Each one sets `window.__xss` when it runs.
 * Plain data without imports, so both the Playwright and the Vitest project can use it.
 */
export interface XssPayload {
  /** Short id for reports. */
  id: string;
  /** The payload for free text (description, chat message, complaint, ...): at most 100 characters. */
  text: string;
  /** The payload for fields of at most 40 characters (profile name, discount code). */
  short: string;
  /**
   * false when the server is expected to refuse the payload (400) rather than store it: the NUL byte,
   * which PostgreSQL text cannot hold. It must never cause a 5xx.
   */
  stored: boolean;
}

/** The flag every payload sets. */
export const XSS_FLAG = '__xss';

export const XSS_PAYLOADS: readonly XssPayload[] = [
  {
    id: 'script-tag',
    text: '<script>window.__xss=1</script>',
    short: '<script>window.__xss=1</script>',
    stored: true,
  },
  {
    id: 'img-onerror',
    text: '<img src=x onerror="window.__xss=1">',
    short: '<img src=x onerror="window.__xss=1">',
    stored: true,
  },
  {
    id: 'attribute-breakout-svg',
    text: '"><svg onload=window.__xss=1>',
    short: '"><svg onload=window.__xss=1>',
    stored: true,
  },
  {
    id: 'single-quote-breakout-details',
    text: "'><details open ontoggle=window.__xss=1>",
    short: "'><details open ontoggle=window.__xss=1>",
    stored: true,
  },
  {
    id: 'javascript-url',
    text: 'javascript:window.__xss=1',
    short: 'javascript:window.__xss=1',
    stored: true,
  },
  {
    id: 'markdown-link',
    text: '[klik hier](javascript:window.__xss=1) en ![x](x" onerror="window.__xss=1)',
    short: '[x](javascript:window.__xss=1)',
    stored: true,
  },
  {
    id: 'template-injection',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal ${...} is the payload
    text: "{{constructor.constructor('window.__xss=1')()}} ${window.__xss=1} <%= window.__xss=1 %>",
    short: "{{constructor.constructor('__xss=1')()}}",
    stored: true,
  },
  {
    id: 'iframe',
    text: '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe><iframe src=javascript:parent.__xss=1>',
    short: '<iframe src=javascript:parent.__xss=1>',
    stored: true,
  },
  {
    id: 'textarea-title-breakout',
    text: '</textarea></title></noscript><img src=x onerror=window.__xss=1>',
    short: '</textarea></title><svg onload=__xss=1>',
    stored: true,
  },
  {
    id: 'html-entities',
    text: '&lt;img src=x onerror=window.__xss=1&gt; &#60;script&#62;window.__xss=1&#60;/script&#62;',
    short: '&lt;img src=x onerror=__xss=1&gt;',
    stored: true,
  },
  {
    id: 'nul-byte',
    text: 'nul\u0000<img src=x onerror=window.__xss=1>',
    short: 'nul\u0000<svg onload=__xss=1>',
    stored: false,
  },
];

/** The payloads the server keeps (every one but the NUL byte). */
export const STORED_XSS_PAYLOADS = XSS_PAYLOADS.filter((p) => p.stored);

/**
 * An email address carrying a payload in its local part: valid for the server (no space, one @), so it
 * is stored and shown (complaint confirmation, invoice, settings, mails).
 */
export function payloadEmail(tag: string): string {
  return `"><img/src=x/onerror=window.__xss=1>.${tag}@example.com`;
}
