/** @jsxImportSource preact */

import { useEffect, useRef, useState } from 'preact/hooks';
import { FictionalIcon } from '../components/fictional-icon.js';

/** One card of the deck: only what the profile shows publicly (name, age, place, photo, label). */
export interface SwipeCard {
  id: number;
  name: string;
  age: number;
  place: string;
  /** Photo URL (600×600), or null for an initial. */
  photo: string | null;
  fictional: boolean;
  /** Signup with this profile as the first contact. */
  signupHref: string;
}

/** Texts of the deck in the page's language; `{{name}}`, `{{current}}`, `{{total}}`, `{{names}}` filled here. */
export interface SwipeTexts {
  like: string;
  skip: string;
  likeName: string;
  skipName: string;
  progress: string;
  keysHint: string;
  liked: string;
  skipped: string;
  doneTitle: string;
  doneLiked: string;
  doneNone: string;
  doneCta: string;
  doneCtaName: string;
  photoOf: string;
}

/** Props of the swipe-deck island (JSON). */
export interface SwipeDeckProps {
  cards: SwipeCard[];
  /** Decisions before the signup prompt (3-5, fewer when fewer cards). */
  rounds: number;
  signupHref: string;
  fictionalIcon: string;
  fictionalLabel: string;
  texts: SwipeTexts;
}

/** Pixels a card must be dragged sideways to count as a swipe. */
const SWIPE_PX = 80;

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

function Badge({ icon, label }: { icon: string; label: string }) {
  return (
    <span class="pub-fictional" data-testid="fictional-label">
      <FictionalIcon icon={icon} /> {label}
    </span>
  );
}

/**
 * The tinderswipe lander's deck (issue: public site): the visitor likes or skips `rounds` profiles with
 * the buttons, the arrow keys (← skip, → like, while the deck has focus) or by dragging the card, and is
 * then asked to sign up, with the first liked profile as the first contact. Nothing is stored: a
 * visitor's like is not a like until they have an account.
 */
export default function SwipeDeck({ cards, rounds, signupHref, fictionalIcon, fictionalLabel, texts }: SwipeDeckProps) {
  const [index, setIndex] = useState(0);
  const [liked, setLiked] = useState<SwipeCard[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [dragX, setDragX] = useState(0);
  const dragStart = useRef<number | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const done = index >= rounds;
  const card = cards[index];

  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  const decide = (like: boolean) => {
    if (!card || done) return;
    if (like) setLiked((list) => [...list, card]);
    setAnnouncement(fill(like ? texts.liked : texts.skipped, { name: card.name }));
    setDragX(0);
    setIndex((i) => i + 1);
  };

  if (done) {
    const first = liked[0];
    return (
      <div class="ld-deck ld-deck-done" data-testid="swipe-done">
        <h2 ref={doneHeading} tabIndex={-1}>
          {texts.doneTitle}
        </h2>
        <p>{first ? fill(texts.doneLiked, { names: liked.map((c) => c.name).join(', ') }) : texts.doneNone}</p>
        {liked.length > 0 && (
          <ul class="ld-deck-liked">
            {liked.map((c) => (
              <li key={c.id}>
                {c.photo ? <img src={c.photo} alt="" width={64} height={64} class="ld-deck-liked-photo" /> : null}
                <span>
                  {c.name}, {c.age}
                </span>
                {c.fictional && <Badge icon={fictionalIcon} label={fictionalLabel} />}
              </li>
            ))}
          </ul>
        )}
        <a
          class="pub-btn pub-btn-primary pub-btn-lg"
          href={first ? first.signupHref : signupHref}
          data-testid="swipe-signup"
        >
          {first ? fill(texts.doneCtaName, { name: first.name }) : texts.doneCta}
        </a>
        <p class="ld-sr" aria-live="polite">
          {announcement}
        </p>
      </div>
    );
  }
  if (!card) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') decide(true);
    else if (event.key === 'ArrowLeft') decide(false);
    else return;
    event.preventDefault();
  };
  const endDrag = () => {
    if (dragStart.current === null) return;
    dragStart.current = null;
    if (dragX > SWIPE_PX) decide(true);
    else if (dragX < -SWIPE_PX) decide(false);
    else setDragX(0);
  };
  const next = cards[index + 1];
  return (
    // The key handler sits on the deck so the arrows work while its buttons have focus.
    // biome-ignore lint/a11y/noStaticElementInteractions: the buttons inside are the interactive elements
    <div class="ld-deck" onKeyDown={onKeyDown} data-testid="swipe-deck">
      <p class="ld-deck-progress">{fill(texts.progress, { current: index + 1, total: rounds })}</p>
      <div class="ld-deck-stack">
        {next && index + 1 < rounds && (
          <div class="ld-deck-card ld-deck-next" aria-hidden="true">
            {next.photo && (
              <img src={next.photo} alt="" width={600} height={600} loading="lazy" class="ld-deck-photo" />
            )}
          </div>
        )}
        <article
          key={card.id}
          class="ld-deck-card ld-deck-top"
          data-profile-id={card.id}
          data-fictional={card.fictional ? 'true' : 'false'}
          style={dragX ? { transform: `translateX(${dragX}px) rotate(${dragX / 20}deg)` } : undefined}
          onPointerDown={(event) => {
            dragStart.current = event.clientX;
            (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
          }}
          onPointerMove={(event) => {
            if (dragStart.current !== null) setDragX(event.clientX - dragStart.current);
          }}
          onPointerUp={endDrag}
          onPointerCancel={() => {
            dragStart.current = null;
            setDragX(0);
          }}
        >
          {card.photo ? (
            <img
              src={card.photo}
              alt={fill(texts.photoOf, { name: card.name })}
              width={600}
              height={600}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchpriority={index === 0 ? 'high' : undefined}
              draggable={false}
              class="ld-deck-photo"
            />
          ) : (
            <span class="ld-deck-photo ld-nophoto" aria-hidden="true">
              {card.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div class="ld-deck-info">
            <h2 class="ld-deck-name">
              {card.name}, {card.age}
            </h2>
            {card.place && <p class="ld-deck-place">{card.place}</p>}
            {card.fictional && <Badge icon={fictionalIcon} label={fictionalLabel} />}
          </div>
        </article>
      </div>
      <div class="ld-deck-buttons">
        <button
          type="button"
          class="ld-deck-btn ld-deck-skip"
          aria-label={fill(texts.skipName, { name: card.name })}
          onClick={() => decide(false)}
          data-testid="swipe-skip"
        >
          <span aria-hidden="true">✕</span> {texts.skip}
        </button>
        <button
          type="button"
          class="ld-deck-btn ld-deck-like"
          aria-label={fill(texts.likeName, { name: card.name })}
          onClick={() => decide(true)}
          data-testid="swipe-like"
        >
          <span aria-hidden="true">♥</span> {texts.like}
        </button>
      </div>
      <p class="pub-small ld-deck-hint">{texts.keysHint}</p>
      <p class="ld-sr" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** Rendered on the server (the first card shows before any script) and hydrated. */
export const mode = 'hydrate';
