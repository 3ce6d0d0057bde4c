/** @jsxImportSource preact */
import { Island } from '../../island.js';
import SwipeDeck, { type SwipeDeckProps } from '../../islands/swipe-deck.js';
import { type DesignProps, mainPhotoUrl, placeOf, profileSignupHref, textValues } from '../shared.js';

/** Cards the visitor decides on before the signup prompt (issue: 3 to 5). */
export const SWIPE_ROUNDS = 5;

/** The deck's props: the first SWIPE_ROUNDS profiles and the texts in the page's language. */
export function swipeDeckProps({ ctx, model }: DesignProps): SwipeDeckProps {
  const { t, site } = ctx;
  const cards = model.profiles.slice(0, SWIPE_ROUNDS).map((profile) => ({
    id: profile.id,
    name: profile.name,
    age: profile.age,
    place: placeOf(profile, model.regionNames),
    photo: mainPhotoUrl(ctx, profile, 'match'),
    fictional: profile.fictional,
    signupHref: profileSignupHref(ctx, profile.id),
  }));
  // The island fills the placeholders itself, so they go out as they are.
  const raw = { name: '{{name}}', names: '{{names}}', current: '{{current}}', total: '{{total}}' };
  const key = (name: string) => t(`landers.tinderswipe.${name}`, raw);
  return {
    cards,
    rounds: cards.length,
    signupHref: ctx.links.signup,
    fictionalIcon: site.fictional_icon,
    fictionalLabel: site.fictional_singular,
    texts: {
      like: key('like'),
      skip: key('skip'),
      likeName: key('likeName'),
      skipName: key('skipName'),
      progress: key('progress'),
      keysHint: key('keysHint'),
      liked: key('liked'),
      skipped: key('skipped'),
      doneTitle: key('doneTitle'),
      doneLiked: key('doneLiked'),
      doneNone: key('doneNone'),
      doneCta: t('landers.common.signupCta'),
      doneCtaName: key('doneCtaName'),
      photoOf: t('landers.common.photoOf', raw),
    },
  };
}

/**
 * tinderswipe: a swipe deck (the swipe-deck island: buttons, arrow keys or dragging) of up to five
 * profiles; after the last one the visitor is asked to sign up. The signup link is there from the
 * start for visitors without script and those who would rather skip the game.
 */
export function TinderSwipe({ ctx, model }: DesignProps) {
  const { t } = ctx;
  const props = swipeDeckProps({ ctx, model });
  return (
    <div class="ld-swipe">
      <div class="pub-container ld-swipe-inner">
        <h1>{t('landers.tinderswipe.heading')}</h1>
        <p class="pub-lead">{t('landers.tinderswipe.lead', { ...textValues(ctx), count: props.rounds })}</p>
        {props.cards.length > 0 && (
          <Island name="swipe-deck" props={props}>
            <SwipeDeck {...props} />
          </Island>
        )}
        <p class="ld-swipe-skip">
          <a href={ctx.links.signup} data-testid="lander-signup">
            {props.cards.length > 0 ? t('landers.tinderswipe.skipGame') : t('landers.common.signupCta')}
          </a>
        </p>
      </div>
    </div>
  );
}
