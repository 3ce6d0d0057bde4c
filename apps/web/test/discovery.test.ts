// @vitest-environment node
import type { LikesResponse, MemberCard } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { likeCards, likeTypeOf } from '../src/features/likes/likes-lists';
import { chatWithText } from '../src/features/match-dialog/icebreaker-list';
import { likeModalDelay } from '../src/features/match-dialog/like-modal';
import { keyDecision, swipeDecision } from '../src/features/swipe/swipe-gesture';

const card = (id: number): MemberCard => ({
  id,
  name: `M${id}`,
  age: 30,
  gender: 'female',
  country: 'NL',
  region: null,
  city: null,
  main_image: null,
  fictional: false,
  verified: false,
  online: false,
});

describe('likes tabs', () => {
  const data: LikesResponse = {
    profiles: [card(1), card(2), card(3)],
    liked_by: [
      { id: 2, like_new: true },
      { id: 1, like_new: false },
    ],
    likes: [{ id: 3 }, { id: 1 }],
    mutual: [{ id: 1 }],
  };

  it('keeps the order of the answer and the new flags of received likes', () => {
    expect(likeCards(data, 'received').map((c) => [c.card.id, c.isNew])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(likeCards(data, 'given').map((c) => c.card.id)).toEqual([3, 1]);
    expect(likeCards(data, 'mutual').map((c) => c.card.id)).toEqual([1]);
  });

  it('shows received likes for /likes and unknown types', () => {
    expect(likeTypeOf(undefined)).toBe('received');
    expect(likeTypeOf('given')).toBe('given');
    expect(likeTypeOf('mutual')).toBe('mutual');
  });
});

describe('swipe gestures', () => {
  it('likes on a drag right past the threshold, passes on a drag left', () => {
    expect(swipeDecision(120, 400)).toBe('like');
    expect(swipeDecision(-120, 400)).toBe('pass');
    expect(swipeDecision(60, 400)).toBeNull();
    // Narrow cards need less: 30% of 300 px.
    expect(swipeDecision(95, 300)).toBe('like');
  });

  it('maps the arrow keys', () => {
    expect(keyDecision('ArrowRight')).toBe('like');
    expect(keyDecision('ArrowLeft')).toBe('pass');
    expect(keyDecision('Enter')).toBeNull();
  });
});

describe('like modal and icebreakers', () => {
  it('reads the delay of the t parameter in seconds', () => {
    expect(likeModalDelay('3')).toBe(3);
    expect(likeModalDelay('0')).toBe(0);
    expect(likeModalDelay(null)).toBeNull();
    expect(likeModalDelay('soon')).toBeNull();
    expect(likeModalDelay('-1')).toBeNull();
  });

  it('opens the chat with the text url-encoded', () => {
    expect(chatWithText(7, 'Hoi & hallo?')).toBe('/members/7/chat?text=Hoi%20%26%20hallo%3F');
  });
});
