/** @jsxImportSource preact */

import { FIRST_SCREEN_CARDS, type Profile } from '@app/contracts';
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
