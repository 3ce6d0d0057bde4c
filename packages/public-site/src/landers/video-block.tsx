/** @jsxImportSource preact */
import { Island } from '../island.js';
import VideoPlayer, { type VideoPlayerProps } from '../islands/video-player.js';
import type { PageContext } from '../model.js';
import type { LanderVideo } from './model.js';

/** The video of a video lander as a hydrated island (islands/video-player.tsx). */
export function VideoBlock({ ctx, video }: { ctx: PageContext; video: LanderVideo }) {
  const { t } = ctx;
  const props: VideoPlayerProps = {
    src: video.src,
    poster: video.poster,
    type: video.type,
    width: video.width,
    height: video.height,
    label: t('landers.video.videoLabel', { site: ctx.site.name }),
    fallback: t('landers.video.fallback'),
    endedTitle: t('landers.video.endedTitle'),
    endedCta: t('landers.common.signupCta'),
    replay: t('landers.video.replay'),
    signupHref: ctx.links.signup,
  };
  return (
    <Island name="video-player" props={props}>
      <VideoPlayer {...props} />
    </Island>
  );
}
