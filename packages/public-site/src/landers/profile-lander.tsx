/** @jsxImportSource preact */
import { FictionalBadge } from '../layout.js';
import type { PageContext, PublicProfile } from '../model.js';
import type { ProfileLanderModel } from './model.js';
import {
  FictionalMark,
  fileUrl,
  nameAge,
  ProfilePhoto,
  placeOf,
  profileData,
  profileSignupHref,
  textValues,
} from './shared.js';

interface VariantProps {
  ctx: PageContext;
  model: ProfileLanderModel;
}

/** A fictional profile's label with the site's warning beside it (DECISIONS.md), as on its profile. */
function FictionalNotice({ ctx, profile }: { ctx: PageContext; profile: PublicProfile }) {
  if (!profile.fictional) return null;
  return (
    <div class="ld-warn">
      <FictionalBadge ctx={ctx} />
      <p class="pub-small">{ctx.site.fictional_warning}</p>
    </div>
  );
}

/** The call to action of a profile lander: signup with this profile as the first contact. */
function MessageCta({ ctx, model }: VariantProps) {
  return (
    <div class="ld-cta">
      <a class="pub-btn pub-btn-primary pub-btn-lg" href={model.signupPath} data-testid="lander-signup">
        {ctx.t('landers.profile.message', { name: model.profile.name })}
      </a>
      <p class="pub-small ld-cta-note">{ctx.t('landers.common.ctaNote')}</p>
    </div>
  );
}

function Photos({ ctx, model }: VariantProps) {
  if (model.photos.length === 0) return null;
  const { name } = model.profile;
  return (
    <section class="pub-container pub-section" aria-labelledby="ld-photos">
      <h2 id="ld-photos">{ctx.t('landers.profile.photos', { name })}</h2>
      <ul class="ld-thumbs">
        {model.photos.map((photo, index) => (
          <li key={photo.id}>
            <a href={model.signupPath}>
              <img
                src={fileUrl(ctx, photo.match)}
                alt={ctx.t('landers.profile.photoNumber', { name, number: index + 2 })}
                width={600}
                height={600}
                loading="lazy"
                decoding="async"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Related({ ctx, model }: VariantProps) {
  if (model.related.length === 0) return null;
  return (
    <section class="pub-band" aria-labelledby="ld-related">
      <div class="pub-container pub-section">
        <h2 id="ld-related">{ctx.t('landers.profile.more')}</h2>
        <ul class="ld-strip">
          {model.related.map((profile) => {
            const place = placeOf(profile, model.regionNames);
            return (
              <li key={profile.id} class="ld-strip-item" {...profileData(profile)}>
                <a href={profileSignupHref(ctx, profile.id)} class="ld-strip-link">
                  <ProfilePhoto ctx={ctx} profile={profile} className="ld-strip-photo" />
                  <h3>{nameAge(profile)}</h3>
                </a>
                {place && <p class="pub-small pub-muted">{place}</p>}
                <FictionalMark ctx={ctx} profile={profile} />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/** /members/{id}/landing: the profile in the spotlight, a large photo beside name, place and the call. */
function Spotlight({ ctx, model }: VariantProps) {
  const { t } = ctx;
  const { profile } = model;
  const place = placeOf(profile, model.regionNames);
  return (
    <section class="ld-spot">
      <div class="pub-container ld-spot-grid">
        <ProfilePhoto
          ctx={ctx}
          profile={profile}
          eager
          alt={t('landers.common.photoOf', { name: profile.name })}
          className="ld-spot-photo"
        />
        <div>
          <p class="pub-eyebrow">{t('landers.profile.on', textValues(ctx))}</p>
          <h1 data-profile-id={profile.id}>{nameAge(profile)}</h1>
          {place && <p class="pub-lead">{place}</p>}
          <FictionalNotice ctx={ctx} profile={profile} />
          {model.about && <p class="ld-about">{model.about}</p>}
          <MessageCta ctx={ctx} model={model} />
        </div>
      </div>
    </section>
  );
}

/** /members/{id}/landing2: an empty chat with the profile, its message box leading to signup. */
function ChatInvite({ ctx, model }: VariantProps) {
  const { t } = ctx;
  const { profile } = model;
  const place = placeOf(profile, model.regionNames);
  return (
    <section class="ld-invite">
      <div class="pub-container pub-narrow">
        <h1>{t('landers.profile.landing2.heading', { name: profile.name })}</h1>
        <div class="ld-chat">
          <div class="ld-chat-head">
            <ProfilePhoto ctx={ctx} profile={profile} size="thumb" className="ld-chat-avatar" />
            <div>
              <p class="ld-chat-name" data-profile-id={profile.id}>
                {nameAge(profile)}
              </p>
              {place && <p class="pub-small ld-chat-place">{place}</p>}
            </div>
          </div>
          <div class="ld-chat-body">
            <ProfilePhoto
              ctx={ctx}
              profile={profile}
              eager
              alt={t('landers.common.photoOf', { name: profile.name })}
              className="ld-chat-photo"
            />
            <p class="pub-muted">{t('landers.profile.landing2.empty', { name: profile.name })}</p>
          </div>
          <a class="ld-chat-input" href={model.signupPath} data-testid="lander-signup">
            <span>{t('landers.profile.landing2.placeholder', { name: profile.name })}</span>
            <span class="ld-chat-send" aria-hidden="true">
              ➤
            </span>
          </a>
        </div>
        <FictionalNotice ctx={ctx} profile={profile} />
        {model.about && <p class="ld-about">{model.about}</p>}
        <p class="pub-small pub-muted">{t('landers.profile.landing2.note', { name: profile.name })}</p>
      </div>
    </section>
  );
}

const STEPS = ['signup', 'write', 'chat'] as const;

/** /members/{id}/landing3: a profile card with its facts beside three steps to a first conversation. */
function GetToKnow({ ctx, model }: VariantProps) {
  const { t } = ctx;
  const { profile } = model;
  const place = placeOf(profile, model.regionNames);
  return (
    <section class="ld-know">
      <div class="pub-container ld-know-grid">
        <div class="ld-know-card">
          <ProfilePhoto
            ctx={ctx}
            profile={profile}
            eager
            alt={t('landers.common.photoOf', { name: profile.name })}
            className="ld-know-photo"
          />
          <div class="ld-know-body">
            <h1 data-profile-id={profile.id}>{t('landers.profile.landing3.heading', { name: profile.name })}</h1>
            <dl class="ld-facts">
              <dt>{t('landers.profile.age')}</dt>
              <dd>{profile.age}</dd>
              {place && (
                <>
                  <dt>{t('landers.profile.place')}</dt>
                  <dd>{place}</dd>
                </>
              )}
            </dl>
            <FictionalNotice ctx={ctx} profile={profile} />
            {model.about && <p class="ld-about">{model.about}</p>}
          </div>
        </div>
        <div>
          <h2>{t('landers.profile.landing3.stepsHeading', { name: profile.name })}</h2>
          <ol class="ld-know-steps">
            {STEPS.map((step) => (
              <li key={step}>
                <h3>{t(`landers.profile.landing3.steps.${step}.title`, { name: profile.name })}</h3>
                <p>{t(`landers.profile.landing3.steps.${step}.text`, { name: profile.name })}</p>
              </li>
            ))}
          </ol>
          <MessageCta ctx={ctx} model={model} />
        </div>
      </div>
    </section>
  );
}

const VARIANTS = { landing: Spotlight, landing2: ChatInvite, landing3: GetToKnow } as const;

/**
 * A profile lander of SPEC.md 2 (/members/{id}/landing, /landing2/{slug}, /landing3/{slug}): one
 * profile as the entry point from an ad, each variant its own layout, every call leading to
 * /members/{id}/signup (that profile as the first contact), its fictional label and warning shown.
 */
export function ProfileLanderPage({ ctx, model }: { ctx: PageContext; model: ProfileLanderModel }) {
  const Variant = VARIANTS[model.variant];
  return (
    <div
      class={`ld ld-profile ld-page-${model.variant}`}
      data-lander={model.variant}
      data-profile-id={model.profile.id}
      data-fictional={model.profile.fictional ? 'true' : 'false'}
    >
      <Variant ctx={ctx} model={model} />
      <Photos ctx={ctx} model={model} />
      <Related ctx={ctx} model={model} />
    </div>
  );
}
