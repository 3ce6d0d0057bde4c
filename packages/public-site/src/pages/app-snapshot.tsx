/** @jsxImportSource preact */

import {
  badgeText,
  type ChatListEntry,
  CREDIT_BADGE_THRESHOLD,
  chatPreviewLine,
  FIRST_SCREEN_CARDS,
  MAXIMUM_AGE,
  MEMBER_NAV_LINKS,
  type MemberAlert,
  MINIMUM_AGE,
  memberMoneyLink,
  type Profile,
} from '@app/contracts';
import { FictionalIcon } from '../components/fictional-icon.js';
import { photoUrl } from '../components/profile-card.js';
import { EVENODD_ICONS, ICON_PATHS, type IconName } from '../icons.js';
import type { PageContext, PublicProfile } from '../model.js';

/**
 * The search form's values as the app's member search shows them first (its SearchFilters): the
 * remembered filter, else the member's defaults, else none; names already in the page's language.
 */
export interface SearchFormSnapshot {
  gender?: string | undefined;
  country?: { code: string; name: string } | undefined;
  region?: { code: string; name: string } | undefined;
  min_age?: number | undefined;
  max_age?: number | undefined;
  distance?: number | undefined;
}

/** What the server found for the first search page: its cards, its count and the form's values. */
export interface SearchSnapshot {
  cards: PublicProfile[];
  numResults: number;
  numResultsCapped: boolean;
  form: SearchFormSnapshot;
  /** The site's search fields (settings.search_fields). */
  fields: readonly string[];
  /** The distance filter shows for members only. */
  hasDistance: boolean;
}

/**
 * A select of the search form as the app's SelectField draws it, holding only its chosen option:
 * it looks the same and cannot be changed before the app replaces it.
 */
function SnapshotSelect({
  id,
  className,
  label,
  chosen,
  disabled = false,
}: {
  id: string;
  className: string;
  label: string;
  chosen: string;
  disabled?: boolean;
}) {
  return (
    <div class={className}>
      <label for={`search-snapshot-${id}`} class="form-label small">
        {label}
      </label>
      <select id={`search-snapshot-${id}`} class="form-select" disabled={disabled}>
        <option selected>{chosen}</option>
      </select>
    </div>
  );
}

/** The member search's filter form in the app's markup (SearchFilters), with the values it starts with. */
function SearchFormSnapshot({ ctx, search }: { ctx: PageContext; search: SearchSnapshot }) {
  const { t } = ctx;
  const { form } = search;
  const fields = new Set(search.fields);
  return (
    <form class="search-filters card card-body shadow-sm mb-3" aria-label={t('common:search.filters')} noValidate>
      <div class="row g-2 align-items-end">
        {fields.has('gender') && (
          <SnapshotSelect
            className="col-5 col-md-3"
            id="gender"
            label={t('common:search.gender')}
            chosen={form.gender ? t(`common:profile.values.gender.${form.gender}`) : t('common:search.anyGender')}
          />
        )}
        {fields.has('country') && (
          <SnapshotSelect
            className="col-7 col-md-4"
            id="country"
            label={t('common:search.country')}
            chosen={form.country?.name ?? t('common:search.anyCountry')}
          />
        )}
        {fields.has('countryregion') && (
          <SnapshotSelect
            className="col-12 col-md-5"
            id="region"
            label={t('common:search.region')}
            chosen={
              form.region?.name ?? (form.country ? t('common:search.anyRegion') : t('common:search.chooseCountryFirst'))
            }
            disabled={!form.country}
          />
        )}
        {fields.has('age') && (
          <>
            <SnapshotSelect
              className="col-6 col-md-3 col-lg-2"
              id="min-age"
              label={t('common:search.minAge')}
              chosen={String(form.min_age ?? MINIMUM_AGE)}
            />
            <SnapshotSelect
              className="col-6 col-md-3 col-lg-2"
              id="max-age"
              label={t('common:search.maxAge')}
              chosen={String(form.max_age ?? MAXIMUM_AGE)}
            />
          </>
        )}
        {fields.has('distance') && search.hasDistance && (
          <SnapshotSelect
            className="col-12 col-md-4 col-lg-3"
            id="distance"
            label={t('discovery:search.distance')}
            chosen={
              form.distance ? t('discovery:search.withinKm', { km: form.distance }) : t('discovery:search.anyDistance')
            }
          />
        )}
        <div class="col-12 col-md-auto align-self-center">
          <div class="form-check mb-0">
            <input id="search-verified-only" type="checkbox" class="form-check-input" disabled />
            <label class="form-check-label" for="search-verified-only">
              {t('common:search.verifiedOnly')}
            </label>
          </div>
        </div>
        <div class="col-12 col-md-auto ms-md-auto">
          <button type="submit" class="btn btn-primary w-100 px-md-4" disabled>
            {t('common:search.submit')}
          </button>
        </div>
      </div>
    </form>
  );
}

/** The photo box's placeholder of a member without a photo: their initial (the app's). */
function PhotoPlaceholder({ ctx, name }: { ctx: PageContext; name: string }) {
  return (
    <div class="photo-placeholder" role="img" aria-label={ctx.t('common:members.noPhoto')}>
      <span aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>
    </div>
  );
}

/** The "verified" badge in the app's markup (its VerifiedBadge). */
function VerifiedBadge({ ctx, className }: { ctx: PageContext; className: string }) {
  const meaning = ctx.t('common:members.verifiedMeaning');
  return (
    <span class={`badge rounded-pill verified-badge ${className}`} title={meaning} role="img" aria-label={meaning}>
      <span aria-hidden="true">✓ {ctx.t('common:members.verified')}</span>
    </span>
  );
}

/** A member card in the app's markup (its MemberCard): the photo linking to the profile, name and age, place, labels. */
function MemberCardSnapshot({ ctx, card, isPriority }: { ctx: PageContext; card: PublicProfile; isPriority: boolean }) {
  const { t } = ctx;
  const src = photoUrl(ctx, card, 'match');
  return (
    <article class="card member-card h-100 shadow-sm">
      <a
        href={`/members/${card.id}`}
        class="stretched-link text-decoration-none"
        aria-label={t('common:members.openProfile', { name: card.name })}
      >
        <div class="member-card-photo ratio ratio-1x1">
          {src ? (
            <img
              src={src}
              alt={t('common:members.photoOf', { name: card.name })}
              loading={isPriority ? 'eager' : 'lazy'}
              fetchpriority={isPriority ? 'high' : 'auto'}
              decoding="async"
            />
          ) : (
            <PhotoPlaceholder ctx={ctx} name={card.name} />
          )}
        </div>
      </a>
      <div class="card-body p-2 p-sm-3">
        <h2 class="h6 card-title mb-1 text-truncate">
          {card.online && (
            <span
              class="online-dot me-1"
              title={t('common:members.online')}
              aria-label={t('common:members.online')}
              role="img"
            />
          )}
          {card.name}, <span class="fw-normal">{t('common:members.age', { age: card.age })}</span>
        </h2>
        {card.verified && <VerifiedBadge ctx={ctx} className="mb-1" />}
        {card.city && <p class="card-text small text-body-secondary mb-1 text-truncate">{card.city}</p>}
        {card.fictional && (
          <div class="fictional-label" title={ctx.site.fictional_warning}>
            <span class="badge rounded-pill text-bg-warning">
              <FictionalIcon icon={ctx.site.fictional_icon} /> {ctx.site.fictional_singular}
            </span>
            <small class="d-block text-body-secondary mt-1 fictional-warning">{ctx.site.fictional_warning}</small>
          </div>
        )}
      </div>
    </article>
  );
}

/**
 * What the server writes into the member app's page for /members (issue: public site; decision 020):
 * for a visitor of the logged-out search when the site allows it, and for a member without filters
 * in the URL. The app's first screen as HTML in its own markup (the filter form with the values it
 * starts with, the count, the grid and cards with the same card-size photos), readable by search
 * engines and link previews and painted before the app's scripts have run: the first screenful's
 * photos load at once with high priority. The React app replaces it when it starts, with the same
 * screen.
 */
export function MembersSnapshot({ ctx, search }: { ctx: PageContext; search: SearchSnapshot }) {
  const { t } = ctx;
  return (
    <main id="main" class="app-main flex-grow-1" data-snapshot>
      <div class="container py-4">
        <h1 class="h3 mb-3">{t('common:members.title')}</h1>
        <SearchFormSnapshot ctx={ctx} search={search} />
        <p class="text-body-secondary small">
          {search.numResultsCapped
            ? t('common:members.numResultsCapped', { count: search.numResults })
            : t('common:members.numResults', { count: search.numResults })}
        </p>
        {search.cards.length === 0 ? (
          <p class="py-5 text-center">{t('common:members.noResults')}</p>
        ) : (
          <ul class="row row-cols-2 row-cols-md-3 row-cols-lg-4 row-cols-xl-5 g-2 g-md-3 list-unstyled mb-0">
            {search.cards.map((card, index) => (
              <li key={card.id} class="col">
                <MemberCardSnapshot ctx={ctx} card={card} isPriority={index < FIRST_SCREEN_CARDS} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}

/**
 * The profile of /members/{id} in the app's own profile header (its ProfileHeader: the photo box with
 * the same card-size photo loaded at once with high priority, name, online dot, verified badge, age,
 * `place` (city, region, country in the page's language), the fictional banner): for a visitor with
 * the text and the sign-up button, for a member (`forMember`) the header alone, which the app
 * replaces with the same header when it starts (decision 020).
 */
export function ProfileSnapshot({
  ctx,
  profile,
  place,
  forMember = false,
}: {
  ctx: PageContext;
  profile: Profile;
  place: string;
  forMember?: boolean;
}) {
  const { t } = ctx;
  const src = photoUrl(ctx, profile, 'match');
  return (
    <main id="main" class="app-main flex-grow-1" data-snapshot>
      <div class="container py-4 profile-page">
        <header class="profile-header card border-0 shadow-sm overflow-hidden mb-4">
          <div class="row g-0">
            <div class="col-md-4">
              <div class="ratio ratio-1x1 profile-header-photo">
                {src ? (
                  <img
                    src={src}
                    alt={t('common:profile.photoOf', { name: profile.name })}
                    class="object-fit-cover"
                    fetchpriority="high"
                    decoding="async"
                  />
                ) : (
                  <PhotoPlaceholder ctx={ctx} name={profile.name} />
                )}
              </div>
            </div>
            <div class="col-md-8">
              <div class="card-body p-4">
                <h1 class="h2 mb-1">
                  {profile.online && (
                    <span
                      class="online-dot me-2"
                      role="img"
                      aria-label={t('common:members.online')}
                      title={t('common:members.online')}
                    />
                  )}
                  {profile.name}
                </h1>
                {profile.verified && <VerifiedBadge ctx={ctx} className="mb-2" />}
                <p class="lead mb-1">{t('common:members.age', { age: profile.age })}</p>
                <p class="text-body-secondary mb-3">{place}</p>
                {profile.online && <p class="small text-success mb-3">{t('common:members.onlineNow')}</p>}
                {profile.fictional && (
                  <div class="alert alert-warning d-flex gap-2 align-items-start mb-0" role="note">
                    <span class="fs-4 lh-1">
                      <FictionalIcon icon={ctx.site.fictional_icon} />
                    </span>
                    <div>
                      <strong class="d-block">{ctx.site.fictional_singular}</strong>
                      {ctx.site.fictional_warning}
                    </div>
                  </div>
                )}
              </div>
            </div>
          </div>
        </header>
        {!forMember && profile.description && <p>{profile.description}</p>}
        {!forMember && (
          <a href={ctx.links.signup} class="btn btn-primary btn-lg">
            {t('home.signupCta')}
          </a>
        )}
      </div>
    </main>
  );
}

/**
 * The alert under the member navigation that the app's warnings header will show (contracts
 * snapshotAlert; decision 020), in its markup: the disabled-mail alert (with `user`'s address and
 * why), the push-notification alert or the profile-photo alert. Its buttons are disabled until the
 * app has started and replaced them (`data-snapshot` keeps their look). The activation reminder is
 * left to the app (null here): the app loads it on demand, so the snapshot's would vanish for a moment
 * when the app starts.
 */
export function AlertSnapshot({
  ctx,
  alert,
  user,
}: {
  ctx: PageContext;
  alert: MemberAlert | null;
  user: { email: string; notifications_disabled: readonly string[] };
}) {
  const { t } = ctx;
  const close = <button type="button" class="btn-close" aria-label={t('common:actions.close')} disabled />;
  if (alert === 'mailOff') {
    return (
      <div class="container pt-3 warnings-header" data-alert="mailOff" data-snapshot>
        <div class="alert alert-warning alert-dismissible" role="status">
          {t('common:warnings.mailOff.text', { email: user.email })}{' '}
          {user.notifications_disabled.map((reason) => t(`common:warnings.mailOff.reasons.${reason}`)).join(' ')}{' '}
          <a href="/notifications" class="alert-link">
            {t('common:warnings.mailOff.link')}
          </a>
          {close}
        </div>
      </div>
    );
  }
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
                          <span class="chat-row-preview text-body-secondary">
                            {chatPreviewLine(entry.conversation.last_message, viewer, {
                              you: t('chat:list.you'),
                              photo: t('chat:list.photo'),
                              gift: t('chat:list.gift'),
                            })}
                          </span>
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

/** An icon in the member app's markup (its `icon` class; decorative). */
function AppIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      class={className ? `icon ${className}` : 'icon'}
      width="1em"
      height="1em"
      viewBox="0 0 16 16"
      fill="currentColor"
      fill-rule={EVENODD_ICONS.has(name) ? 'evenodd' : undefined}
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

/**
 * The member app's top navigation in its markup (the app's TopNav; decision 020), so a snapshot page
 * does not move down when the app starts: the brand, the menu button, the language menu, and for a
 * member (`ctx.member`) the links with the credits badge and the account menu, for a visitor login
 * and sign-up. The unread and new-likes badges are left to the app, which shows them once the chats
 * and likes have answered; the buttons are disabled until it starts.
 */
export function AppNavSnapshot({ ctx }: { ctx: PageContext }) {
  const { t, site, member, path, lang } = ctx;
  const languageMenu = site.languages.length > 1 && (
    <li class="nav-item dropdown">
      <button
        type="button"
        class="nav-link dropdown-toggle"
        aria-expanded="false"
        aria-label={t('common:nav.language')}
        disabled
      >
        <AppIcon name="globe" /> {lang.toUpperCase()}
      </button>
    </li>
  );
  return (
    <nav
      class="navbar navbar-expand-xl bg-white border-bottom top-nav sticky-top"
      aria-label={t('common:nav.main')}
      data-snapshot
    >
      <div class="container-xxl">
        <a href={member ? '/members' : '/'} class="navbar-brand fw-bold text-primary">
          {site.logoUrl ? (
            <img src={site.logoUrl} alt={site.name} class="site-logo" />
          ) : (
            <>
              <AppIcon name="heart" /> {site.name}
            </>
          )}
        </a>
        <button type="button" class="navbar-toggler" aria-expanded="false" aria-label={t('common:nav.toggle')} disabled>
          <span class="navbar-toggler-icon" />
        </button>
        <div class="collapse navbar-collapse">
          {member ? (
            <ul class="navbar-nav me-auto flex-xl-wrap">
              {[...MEMBER_NAV_LINKS, memberMoneyLink(member.paid_user)].map((link) => (
                <li key={link.to} class="nav-item">
                  <a
                    href={link.to}
                    class={`nav-link d-flex align-items-center gap-1 text-nowrap${path === link.to ? ' active' : ''}`}
                    aria-current={path === link.to ? 'page' : undefined}
                  >
                    <AppIcon name={link.icon as IconName} className="d-xl-none" /> {t(`common:${link.key}`)}{' '}
                    {link.to === '/credits' && member.credits <= CREDIT_BADGE_THRESHOLD && (
                      <span
                        class={`badge rounded-pill ${member.credits > 0 ? 'text-bg-warning' : 'text-bg-danger'} nav-badge`}
                      >
                        {member.credits}
                        <span class="visually-hidden"> {t('common:nav.creditsLeft')}</span>
                      </span>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <div class="me-auto" />
          )}
          <ul class="navbar-nav align-items-xl-center gap-xl-2">
            {languageMenu}
            {member ? (
              <li class="nav-item dropdown">
                <button
                  type="button"
                  class="nav-link dropdown-toggle d-flex align-items-center gap-2"
                  aria-expanded="false"
                  aria-label={member.name}
                  disabled
                >
                  {member.thumbUrl ? (
                    <img src={member.thumbUrl} alt="" width={32} height={32} class="rounded-circle object-fit-cover" />
                  ) : (
                    <span class="avatar-icon rounded-circle">
                      <AppIcon name="person" />
                    </span>
                  )}
                  <span class="text-truncate account-name d-xl-none">{member.name}</span>
                </button>
              </li>
            ) : (
              <>
                <li class="nav-item py-1">
                  <a href="/login" class="btn btn-outline-secondary w-100">
                    {t('common:nav.login')}
                  </a>
                </li>
                <li class="nav-item py-1">
                  <a href="/signup" class="btn btn-primary w-100">
                    {t('common:nav.signup')}
                  </a>
                </li>
              </>
            )}
          </ul>
        </div>
      </div>
    </nav>
  );
}
