/** @jsxImportSource preact */

import type { Profile } from '@app/contracts';
import { FictionalIcon } from '../components/fictional-icon.js';
import { photoUrl } from '../components/profile-card.js';
import type { PageContext, PublicProfile } from '../model.js';

/**
 * What the server writes into the member app's page for a visitor of the logged-out search
 * (/members) and of a profile (/members/{id}) when the site allows them (issue: public site): the
 * content as HTML in the app's own (Bootstrap) classes, readable by search engines and link previews;
 * the React app replaces it when it starts.
 */
export function MembersSnapshot({ ctx, cards }: { ctx: PageContext; cards: PublicProfile[] }) {
  const { t } = ctx;
  return (
    <main id="main" class="container py-4">
      <h1 class="h3 mb-3">{t('nav.members')}</h1>
      <ul class="row g-3 list-unstyled">
        {cards.map((card) => (
          <li key={card.id} class="col-6 col-md-4 col-lg-3">
            <a href={`/members/${card.id}`} class="card h-100 text-decoration-none text-body">
              {photoUrl(ctx, card) && (
                <img
                  src={photoUrl(ctx, card) ?? ''}
                  alt=""
                  width={300}
                  height={300}
                  loading="lazy"
                  class="card-img-top"
                />
              )}
              <span class="card-body">
                <strong>
                  {card.name}, {card.age}
                </strong>
                {card.city && <span class="d-block small text-body-secondary">{card.city}</span>}
                {card.fictional && (
                  <span class="d-block small">
                    <FictionalIcon icon={ctx.site.fictional_icon} /> {ctx.site.fictional_singular}
                  </span>
                )}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}

/** The profile of /members/{id} for a visitor: name, age, place, photo, text, the fictional label and warning. */
export function ProfileSnapshot({ ctx, profile }: { ctx: PageContext; profile: Profile }) {
  const src = photoUrl(ctx, profile, 'full');
  return (
    <main id="main" class="container py-4">
      <h1 class="h3">
        {profile.name}, {profile.age}
      </h1>
      {(profile.city || profile.region) && <p class="text-body-secondary">{profile.city ?? profile.region}</p>}
      {profile.fictional && (
        <p class="alert alert-warning">
          {ctx.site.fictional_icon} {ctx.site.fictional_singular}: {ctx.site.fictional_warning}
        </p>
      )}
      {src && <img src={src} alt="" width={480} height={480} class="img-fluid rounded mb-3" />}
      {profile.description && <p>{profile.description}</p>}
      <a href={ctx.links.signup} class="btn btn-primary btn-lg">
        {ctx.t('home.signupCta')}
      </a>
    </main>
  );
}
