import { translate } from '../i18n.js';

/** Kinds of mail the access flows (SPEC.md 4) and complaints (SPEC.md 2 /complaints) send. */
export type MailKind =
  | 'activation'
  | 'password_reset'
  | 'mail_change'
  | 'mail_change_notice'
  | 'deletion_confirmed'
  | 'reactivation'
  | 'complaint_received'
  // Back office (issue: back office I): measures staff took, a handled report, a complaint's answer.
  | 'sanction_warn'
  | 'sanction_hide'
  | 'sanction_suspend'
  | 'sanction_ban'
  | 'sanction_revoked'
  | 'report_handled'
  | 'complaint_answered';

/** Kinds whose mail answers something the member asked for; they say "ignore this if it was not you". */
const REQUESTED: ReadonlySet<MailKind> = new Set(['activation', 'password_reset', 'mail_change']);

/** What a mail template needs. `link` is the button's target; `values` fill `{{name}}` placeholders. */
export interface MailContent {
  kind: MailKind;
  locale: string;
  siteName: string;
  memberName: string;
  link?: string | undefined;
  values?: Record<string, string | number>;
}

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Renders a mail from locales/<lng>/mail.json: subject, plain text and a simple inline-styled HTML
 * part (every value escaped). Missing languages fall back to Dutch.
 */
export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const { kind, locale, link } = content;
  const values = { site: content.siteName, name: content.memberName, ...content.values };
  const t = (key: string) => translate(locale, 'mail', key, values);
  const subject = t(`${kind}_subject`);
  // An empty optional value (a measure without a staff note) leaves no empty paragraph behind.
  const paragraphs = [
    t('greeting'),
    t(`${kind}_body`)
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  ];
  const closing = [...(REQUESTED.has(kind) ? [t('ignore')] : []), t('signature')];

  const text = [...paragraphs, ...(link ? [`${t(`${kind}_action`)}: ${link}`] : []), ...closing].join('\n\n');

  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#e8505b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(t(`${kind}_action`))}</a></p>` +
      p(t('link_hint')) +
      `<p style="margin:0 0 16px;word-break:break-all"><a href="${escapeHtml(link)}" style="color:#5a1e2b">${escapeHtml(link)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${escapeHtml(locale)}"><body style="margin:0;padding:24px;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#222;font-size:15px;line-height:1.5"><div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">${paragraphs.map(p).join('')}${button}${closing.map(p).join('')}</div></body></html>`;
  return { subject, text, html };
}
