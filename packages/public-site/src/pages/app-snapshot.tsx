/** @jsxImportSource preact */

import { badgeText, type ChatListEntry, FIRST_SCREEN_CARDS, type MemberAlert, type Profile } from '@app/contracts';
import { FictionalIcon } from '../components/fictional-icon.js';
import { photoUrl } from '../components/profile-card.js';
import type { PageContext, PublicProfile } from '../model.js';

/**
 * What the server writes into the member app's page for /members (issue: public site; decision 020):
 * for a visitor of the logged-out search when the site allows it, and for a member without filters
 * in the URL. The content as HTML in the app's own markup (its grid and cards, the same card-size
 * photos), readable by search engines and link previews and painted before the app's scripts have
 * run: the first screenful's photos load at once with high priority. The React app replaces it when
 * it starts, with the same cards.
 */
export function MembersSnapshot({ ctx, cards }: { ctx: PageContext; cards: PublicProfile[] }) {
  const { t } = ctx;
  return (
    <main id="main" class="container py-4">
      <h1 class="h3 mb-3">{t('nav.members')}</h1>
      <ul class="row row-cols-2 row-cols-md-3 row-cols-lg-4 row-cols-xl-5 g-2 g-md-3 list-unstyled mb-0">
        {cards.map((card, index) => {
          const src = photoUrl(ctx, card, 'match');
          const isPriority = index < FIRST_SCREEN_CARDS;
          return (
            <li key={card.id} class="col">
              <article class="card member-card h-100 shadow-sm">
                <a href={`/members/${card.id}`} class="text-decoration-none text-body">
                  {src && (
                    <div class="member-card-photo ratio ratio-1x1">
                      <img
                        src={src}
                        alt=""
                        loading={isPriority ? 'eager' : 'lazy'}
                        fetchpriority={isPriority ? 'high' : undefined}
                        decoding="async"
                      />
                    </div>
                  )}
                  <span class="card-body d-block p-2 p-sm-3">
                    <strong class="h6 card-title d-block mb-1 text-truncate">
                      {card.name}, {card.age}
                    </strong>
                    {card.city && <span class="d-block small text-body-secondary text-truncate">{card.city}</span>}
                    {card.fictional && (
                      <span class="d-block small">
                        <FictionalIcon icon={ctx.site.fictional_icon} /> {ctx.site.fictional_singular}
                      </span>
                    )}
                  </span>
                </a>
              </article>
            </li>
          );
        })}
      </ul>
    </main>
  );
}

/**
 * The profile of /members/{id} in the app's own profile header (its photo box, the same card-size
 * photo loaded at once with high priority, name, age, place, the fictional label and warning): for a
 * visitor with the text and the sign-up button, for a member (`forMember`) the header alone, which
 * the app replaces with the same header when it starts (decision 020).
 */
export function ProfileSnapshot({
  ctx,
  profile,
  forMember = false,
}: {
  ctx: PageContext;
  profile: Profile;
  forMember?: boolean;
}) {
  const src = photoUrl(ctx, profile, 'match');
  return (
    <main id="main" class="container py-4 profile-page">
      <header class="profile-header card border-0 shadow-sm overflow-hidden mb-4">
        <div class="row g-0">
          <div class="col-md-4">
            <div class="ratio ratio-1x1 profile-header-photo">
              {src && <img src={src} alt="" class="object-fit-cover" fetchpriority="high" decoding="async" />}
            </div>
          </div>
          <div class="col-md-8">
            <div class="card-body p-4">
              <h1 class="h2 mb-1">{profile.name}</h1>
              <p class="lead mb-1">{ctx.t('common:members.age', { age: profile.age })}</p>
              {(profile.city || profile.region) && (
                <p class="text-body-secondary mb-3">{profile.city ?? profile.region}</p>
              )}
              {profile.fictional && (
                <p class="alert alert-warning mb-0">
                  <FictionalIcon icon={ctx.site.fictional_icon} /> {ctx.site.fictional_singular}:{' '}
                  {ctx.site.fictional_warning}
                </p>
              )}
            </div>
          </div>
        </div>
      </header>
      {!forMember && profile.description && <p>{profile.description}</p>}
      {!forMember && (
        <a href={ctx.links.signup} class="btn btn-primary btn-lg">
          {ctx.t('home.signupCta')}
        </a>
      )}
    </main>
  );
}

/**
 * The alert under the member navigation that the app's warnings header will show (contracts
 * snapshotAlert; decision 020), in its markup: the push-notification alert or the profile-photo
 * alert. Its buttons are disabled until the app has started and replaced them (`data-snapshot` keeps
 * their look). The activation reminder and the
 * disabled-mail alert are left to the app (null here).
 */
export function AlertSnapshot({ ctx, alert }: { ctx: PageContext; alert: MemberAlert | null }) {
  const { t } = ctx;
  const close = <button type="button" class="btn-close" aria-label={t('common:actions.close')} disabled />;
  if (alert === 'push') {
    return (
      <div class="container pt-3 warnings-header" data-alert="push" data-snapshot>
        <div class="alert alert-info alert-dismissible d-flex flex-wrap align-items-center gap-2" role="status">
          <span class="me-auto">{t('common:warnings.push.text')}</span>
          <button type="button" class="btn btn-sm btn-primary" disabled>
            {t('common:warnings.push.button')}
          </button>
          {close}
        </div>
      </div>
    );
  }
  if (alert === 'photo') {
    return (
      <div class="container pt-3 warnings-header" data-alert="photo" data-snapshot>
        <div class="alert alert-info alert-dismissible" role="status">
          {t('common:warnings.photo')}{' '}
          <a href="/profile" class="alert-link">
            {t('common:warnings.photoLink')}
          </a>
          {close}
        </div>
      </div>
    );
  }
  return null;
}

/** A chat's preview line as the app writes it: "You: " before the member's own, "Photo", "Gift" or the text. */
function chatPreview(ctx: PageContext, entry: ChatListEntry, viewer: number): string {
  const last = entry.conversation.last_message;
  if (!last) return '';
  const prefix = last.sender === viewer ? `${ctx.t('chat:list.you')}: ` : '';
  if (last.kind === 'photo') return prefix + ctx.t('chat:list.photo');
  if (last.kind === 'gift') return prefix + ctx.t('chat:list.gift');
  return prefix + last.preview;
}

/**
 * The member's chats of /chats in the app's chat screen markup (its list pane, rows, thumbnails,
 * unread badges and the placeholder beside it; decision 020), painted before the app's scripts have
 * run; the app replaces it with the same list. A row's time is left to the app, which knows the
 * member's time zone. `viewer` is the member's profile id.
 */
export function ChatsSnapshot({ ctx, chats, viewer }: { ctx: PageContext; chats: ChatListEntry[]; viewer: number }) {
  const { t } = ctx;
  return (
    <main id="main" class="app-main flex-grow-1" data-snapshot>
      <div class="chat-screen">
        <aside class="chat-list-pane">
          <nav class="chat-list" aria-label={t('chat:list.title')}>
            <h1 class="h5 px-3 pt-3 pb-2 mb-0">{t('chat:list.title')}</h1>
            {chats.length === 0 && (
              <div class="px-3 text-body-secondary">
                <p>{t('chat:list.empty')}</p>
                <a href="/members" class="btn btn-primary btn-sm">
                  {t('chat:list.findMembers')}
                </a>
              </div>
            )}
            <ul class="list-unstyled mb-0">
              {chats.map((entry) => {
                const file = entry.profile.main_image?.thumb_filename;
                const thumb = file ? (file.startsWith('/') ? file : `${ctx.site.cdn_prefix}${file}`) : null;
                const unread = badgeText(entry.num_unread_messages);
                return (
                  <li key={entry.conversation.id} class="chat-row">
                    <a href={`/chats/${entry.conversation.id}`} class="chat-row-link">
                      {thumb ? (
                        <img src={thumb} alt="" width={48} height={48} class="rounded-circle chat-avatar" />
                      ) : (
                        <span class="rounded-circle chat-avatar chat-avatar-empty" aria-hidden="true" />
                      )}
                      <span class="chat-row-body">
                        <span class="d-flex align-items-center gap-1">
                          <span class={`chat-row-name${entry.num_unread_messages > 0 ? ' fw-bold' : ''}`}>
                            {entry.profile.name}
                          </span>
                          {entry.profile.fictional && (
                            <span class="badge rounded-pill text-bg-warning" title={ctx.site.fictional_warning}>
                              <FictionalIcon icon={ctx.site.fictional_icon} /> {ctx.site.fictional_singular}
                            </span>
                          )}
                          {entry.profile.online && <span class="chat-online-dot" title={t('chat:online')} />}
                          <small class="ms-auto text-body-secondary" />
                        </span>
                        <span class="d-flex align-items-center gap-2">
                          <span class="chat-row-preview text-body-secondary">{chatPreview(ctx, entry, viewer)}</span>
                          {unread && (
                            <span class="badge rounded-pill text-bg-primary ms-auto">
                              {unread}
                              <span class="visually-hidden"> {t('chat:list.unread')}</span>
                            </span>
                          )}
                        </span>
                      </span>
                    </a>
                    <button type="button" class="btn btn-sm btn-link text-body-secondary chat-row-delete" disabled>
                      <span aria-hidden="true">×</span>
                      <span class="visually-hidden">{t('chat:delete.button')}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
        </aside>
        <section class="chat-conversation-pane">
          <div class="chat-placeholder text-body-secondary">{t('chat:choose')}</div>
        </section>
      </div>
    </main>
  );
}
