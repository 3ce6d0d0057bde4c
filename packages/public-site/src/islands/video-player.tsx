/** @jsxImportSource preact */
import { useRef, useState } from 'preact/hooks';

/** Props of the video island (JSON: the server writes them beside the rendered player). */
export interface VideoPlayerProps {
  src: string;
  poster: string;
  /** MIME type of the clip, or null. */
  type: string | null;
  width: number;
  height: number;
  /** Accessible name of the video. */
  label: string;
  /** Shown by browsers that cannot play the clip. */
  fallback: string;
  /** After the clip ended: a heading, the signup link and a button to watch again. */
  endedTitle: string;
  endedCta: string;
  replay: string;
  signupHref: string;
}

/**
 * The video landers' player (issue: public site): the browser's own controls, the poster until the
 * visitor presses play, never autoplay and so never sound nobody asked for; nothing is downloaded
 * before play (preload none). Once the clip has ended, the invitation to sign up takes its place.
 */
export default function VideoPlayer(props: VideoPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [ended, setEnded] = useState(false);
  const replay = () => {
    setEnded(false);
    const element = video.current;
    if (!element) return;
    element.currentTime = 0;
    void element.play().catch(() => undefined);
    element.focus();
  };
  return (
    <div class="ld-video">
      {/* biome-ignore lint/a11y/useMediaCaption: the shipped clip has no sound, and a site's own clip has no captions file to offer (sites store only the video and its poster) */}
      <video
        ref={video}
        controls
        preload="none"
        playsInline
        poster={props.poster}
        width={props.width}
        height={props.height}
        aria-label={props.label}
        class="ld-video-el"
        onEnded={() => setEnded(true)}
        onPlay={() => setEnded(false)}
      >
        <source src={props.src} type={props.type ?? undefined} />
        <p>{props.fallback}</p>
      </video>
      {ended && (
        <div class="ld-video-end" role="status">
          <p class="ld-video-end-title">{props.endedTitle}</p>
          <a class="pub-btn pub-btn-primary pub-btn-lg" href={props.signupHref}>
            {props.endedCta}
          </a>
          <button type="button" class="pub-btn pub-btn-outline-light" onClick={replay}>
            {props.replay}
          </button>
        </div>
      )}
    </div>
  );
}

/** Rendered on the server and hydrated: the player works (natively) before any script runs. */
export const mode = 'hydrate';
