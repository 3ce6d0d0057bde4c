/** @jsxImportSource preact */
import type { JSX } from 'preact';
import type { PageContext } from '../model.js';
import { AloneTonight } from './designs/alone-tonight.js';
import { Collage } from './designs/collage.js';
import { Gallery } from './designs/gallery.js';
import { Icons } from './designs/icons.js';
import { MapLander } from './designs/map.js';
import { Social } from './designs/social.js';
import { TinderSwipe } from './designs/tinder-swipe.js';
import { TransitionsVideo } from './designs/transitions-video.js';
import { Video } from './designs/video.js';
import type { LanderKind, LanderModel } from './model.js';
import type { DesignProps } from './shared.js';

/** The design of each lander: each its own layout (issue: public site, "a distinct design"). */
const DESIGNS: Record<LanderKind, (props: DesignProps) => JSX.Element> = {
  alonetonight: AloneTonight,
  collagelanding: Collage,
  gallery: Gallery,
  iconslanding: Icons,
  maplanding: MapLander,
  socialnetwork: Social,
  transitionsvideolanding: TransitionsVideo,
  video: Video,
  tinderswipe: TinderSwipe,
};

/**
 * A lander of SPEC.md 2 (/landers/{name}/{slug}, /landers/tinderswipe), rendered inside PublicLayout:
 * the design of `model.name` with the site's profiles of its niche, fictional ones labelled
 * (DECISIONS.md), every path leading to signup.
 */
export function LanderPage({ ctx, model }: { ctx: PageContext; model: LanderModel }) {
  const Design = DESIGNS[model.name];
  return (
    <div class={`ld ld-page-${model.name}`} data-lander={model.name} data-niche={model.niche}>
      <Design ctx={ctx} model={model} />
    </div>
  );
}
