import type { MailNotificationKind } from '@app/contracts';
import { translate } from '../i18n.js';
import { escapeHtml } from './templates.js';

/** A profile a notification mail names or shows as a card (issue: notifications). */
export interface MailProfile {
  name: string;
  /** Age in whole years, null when unknown. */
  age: number | null;
  city: string | null;
  /** Absolute URL of an approved public photo, or null. */
  photoUrl: string | null;
  /** Absolute URL of the profile on the site. */
  link: string;
  /** A fictional profile: always shown with the site's fictional label. */
  fictional: boolean;
}

/** The newest message of a message mail: a text preview (at most MAIL_PREVIEW_LENGTH characters), a photo or a gift. */
export interface MailPreview {
  from: MailProfile;
  kind: 'text' | 'photo' | 'gift';
  /** The short preview of a text message ('' for photo and gift). */
  text: string;
}

/** What a notification mail says; every text is translated into `locale` by the renderer. */
export interface NotificationMailContent {
  kind: MailNotificationKind;
  locale: string;
  siteName: string;
  memberName: string;
  /** Messages, likes or matches that arrived since the last mail; the digest's number of members. */
  count: number;
  /** The profiles named, newest first: senders, likers or matches (up to 3), the digest's members (up to 6). */
  profiles: MailProfile[];
  /** How many more distinct profiles there are beyond `profiles`. */
  others: number;
  /** Message mails: the newest message. */
  preview?: MailPreview | undefined;
  /** The site's label of fictional profiles in `locale`, e.g. "🎭 fictief profiel". */
  fictionalLabel: string;
  /** The site's warning about fictional profiles in `locale`, shown when the mail names one. */
  fictionalWarning: string;
  /** The button: the chat, the likes, the match, the members. */
  actionLink: string;
  /** The settings page /notifications. */
  settingsLink: string;
  /** The visible unsubscribe page /unsubscribe?u=&k=&t= (works without logging in). */
  unsubscribeLink: string;
}

/** Profiles a message, like or match mail names; the digest shows up to six. */
export const MAIL_NAMED_PROFILES = 3;

/** The plural category key of `base` for `count` in `locale` (`_one`, `_few`, `_many`, else `_other`). */
function pluralKey(locale: string, base: string, count: number): string {
  let category = 'other';
  try {
    category = new Intl.PluralRules(locale).select(count);
  } catch {
    // An unknown locale code: the `_other` form.
  }
  const key = `${base}_${category}`;
  return translate(locale, 'mail', key) === key ? `${base}_other` : key;
}

/** "Anna", "Anna and Bea", "Anna, Bea, Cleo and 2 others" in `locale`. */
function listNames(content: NotificationMailContent, t: Translate): string {
  const names = content.profiles.slice(0, MAIL_NAMED_PROFILES).map((p) => p.name);
  const more = content.others + Math.max(0, content.profiles.length - MAIL_NAMED_PROFILES);
  if (more > 0) names.push(t.plural('notify_others', more));
  try {
    return new Intl.ListFormat(content.locale, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

interface Translate {
  (key: string, values?: Record<string, string | number>): string;
  plural(base: string, count: number, values?: Record<string, string | number>): string;
}

function translator(content: NotificationMailContent): Translate {
  const shared = { site: content.siteName, name: content.memberName };
  const t = ((key: string, values: Record<string, string | number> = {}) =>
    translate(content.locale, 'mail', key, { ...shared, ...values })) as Translate;
  t.plural = (base, count, values = {}) => t(pluralKey(content.locale, base, count), { count, ...values });
  return t;
}

/** "Anna, 29 · Amsterdam" with the fictional label when the profile is fictional. */
function profileLine(profile: MailProfile, fictionalLabel: string): string {
  const head = profile.age === null ? profile.name : `${profile.name}, ${profile.age}`;
  const parts = [head, profile.city, profile.fictional ? fictionalLabel : null].filter(Boolean);
  return parts.join(' · ');
}

const p = (s: string, style = 'margin:0 0 16px') => `<p style="${style}">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
const link = (href: string, label: string, style = 'color:#5a1e2b') =>
  `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(label)}</a>`;

/** One profile card of the HTML part: photo (when approved), name and age, city, fictional label. */
function cardHtml(profile: MailProfile, fictionalLabel: string): string {
  const photo = profile.photoUrl
    ? `<a href="${escapeHtml(profile.link)}"><img src="${escapeHtml(profile.photoUrl)}" alt="${escapeHtml(profile.name)}" width="150" height="150" style="display:block;width:150px;height:150px;object-fit:cover;border-radius:8px;border:0"></a>`
    : '';
  const head = profile.age === null ? profile.name : `${profile.name}, ${profile.age}`;
  const lines = [
    `<p style="margin:6px 0 0;font-weight:bold">${link(profile.link, head, 'color:#222;text-decoration:none')}</p>`,
    ...(profile.city ? [p(profile.city, 'margin:0;color:#555;font-size:13px')] : []),
    ...(profile.fictional ? [p(fictionalLabel, 'margin:0;color:#555;font-size:13px')] : []),
  ];
  return `<div style="display:inline-block;width:150px;margin:0 12px 16px 0;vertical-align:top">${photo}${lines.join('')}</div>`;
}

/** Subject and opening paragraph of the mail for its kind. */
function headline(content: NotificationMailContent, t: Translate): { subject: string; intro: string } {
  const names = listNames(content, t);
  const { kind, count } = content;
  return {
    subject: t.plural(`notify_${kind}_subject`, count, { names }),
    intro: t.plural(`notify_${kind}_body`, count, { names }),
  };
}

/** The line about the newest message: a quote of its preview, or that it is a photo or a gift. */
function previewLine(preview: MailPreview, fictionalLabel: string, t: Translate): string {
  const from = preview.from.fictional ? `${preview.from.name} (${fictionalLabel})` : preview.from.name;
  if (preview.kind === 'photo') return t('notify_preview_photo', { from });
  if (preview.kind === 'gift') return t('notify_preview_gift', { from });
  return t('notify_preview_text', { from, preview: preview.text });
}

/**
 * Renders a notification mail (issue: notifications; docs/decisions/013-notifications.md) from
 * locales/<lng>/mail.json: a new message, like or match, or the weekly digest of new members. Plain
 * text and inline-styled HTML (every value escaped); fictional profiles carry the site's label; a
 * message is only ever shown as the short preview it was given. Ends with why the mail came, the
 * visible unsubscribe link and the settings link. Missing languages fall back to Dutch.
 */
export function renderNotificationMail(content: NotificationMailContent): {
  subject: string;
  text: string;
  html: string;
} {
  const t = translator(content);
  const { subject, intro } = headline(content, t);
  const label = content.fictionalLabel;
  const quote = content.preview ? previewLine(content.preview, label, t) : null;
  const fictionalNamed = content.profiles.some((x) => x.fictional) || content.preview?.from.fictional === true;
  const notes = fictionalNamed && content.fictionalWarning ? [`${label}: ${content.fictionalWarning}`] : [];
  const action = t(`notify_${content.kind}_action`);
  const reason = t('notify_footer', { what: t(`notify_kind_${content.kind}`) });
  const unsubscribe = t('notify_unsubscribe');
  const settings = t('notify_settings');
  const cards = content.kind === 'message' ? [] : content.profiles;

  const text = [
    t('greeting'),
    intro,
    ...(quote ? [quote] : []),
    ...cards.map((x) => `- ${profileLine(x, label)}: ${x.link}`),
    ...notes,
    `${action}: ${content.actionLink}`,
    t('signature'),
    `--\n${reason}\n${unsubscribe}: ${content.unsubscribeLink}\n${settings}: ${content.settingsLink}`,
  ].join('\n\n');

  const quoteHtml = quote
    ? `<p style="margin:0 0 16px;padding:12px 16px;background:#f6f0f1;border-left:4px solid #e8505b;border-radius:4px">${escapeHtml(quote)}</p>`
    : '';
  const cardsHtml = cards.length
    ? `<div style="margin:0 0 8px">${cards.map((x) => cardHtml(x, label)).join('')}</div>`
    : '';
  const button = `<p style="margin:24px 0">${link(content.actionLink, action, 'background:#e8505b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold')}</p>`;
  const footer = `<div style="margin-top:24px;padding-top:16px;border-top:1px solid #e5e5e5;color:#666;font-size:13px">${p(reason, 'margin:0 0 8px')}<p style="margin:0">${link(content.unsubscribeLink, unsubscribe, 'color:#666')} · ${link(content.settingsLink, settings, 'color:#666')}</p></div>`;
  const html = `<!doctype html><html lang="${escapeHtml(content.locale)}"><body style="margin:0;padding:24px;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#222;font-size:15px;line-height:1.5"><div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">${p(t('greeting'))}${p(intro)}${quoteHtml}${cardsHtml}${notes.map((n) => p(n, 'margin:0 0 16px;color:#555;font-size:13px')).join('')}${button}${p(t('signature'))}${footer}</div></body></html>`;
  return { subject, text, html };
}
