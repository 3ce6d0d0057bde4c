import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, type IcebreakersResponse } from '@app/contracts';
import { ROOT_DIR } from '../../config.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import type { Actor } from '../../policies/actor.js';
import { reachableProfile, requireOwnProfile } from '../discovery/discovery-access.js';

/** Suggested first messages per language; {{name}} is the other member's name. */
const GENERAL: Record<string, string[]> = {
  nl: [
    'Hoi {{name}}! Je profiel viel me meteen op. Hoe is je dag tot nu toe?',
    'Hé {{name}}, wat zou jouw perfecte zondag zijn?',
    'Hoi! Als je morgen overal heen kon reizen, waar zou je dan heen gaan?',
    'Hallo {{name}}, ik ben benieuwd: waar word jij echt blij van?',
  ],
  en: [
    'Hi {{name}}! Your profile caught my eye right away. How is your day going?',
    'Hey {{name}}, what would your perfect Sunday look like?',
    'Hi! If you could travel anywhere tomorrow, where would you go?',
    "Hello {{name}}, I'm curious: what really makes you happy?",
  ],
  de: [
    'Hallo {{name}}! Dein Profil ist mir sofort aufgefallen. Wie läuft dein Tag bisher?',
    'Hey {{name}}, wie sähe dein perfekter Sonntag aus?',
    'Hi! Wenn du morgen überallhin reisen könntest, wohin ginge es?',
    'Hallo {{name}}, ich bin neugierig: Was macht dich so richtig glücklich?',
  ],
  fr: [
    'Salut {{name}} ! Ton profil m’a tout de suite plu. Comment se passe ta journée ?',
    'Coucou {{name}}, à quoi ressemblerait ton dimanche idéal ?',
    'Salut ! Si tu pouvais partir n’importe où demain, tu irais où ?',
    'Bonjour {{name}}, je suis curieux : qu’est-ce qui te rend vraiment heureux·se ?',
  ],
};

/** A line about a shared interest; {{interest}} is its translated name. */
const ABOUT_INTEREST: Record<string, string> = {
  nl: 'Ik zie dat je ook van {{interest}} houdt! Wat vind je er het leukst aan?',
  en: 'I see you like {{interest}} too! What do you enjoy most about it?',
  de: 'Wie ich sehe, magst du auch {{interest}}! Was gefällt dir daran am meisten?',
  fr: 'Je vois que tu aimes aussi {{interest}} ! Qu’est-ce qui te plaît le plus ?',
};

/** Interests fit for an opening line (the explicit ones of the list are left out on purpose). */
const TALKABLE = new Set([
  'adventure',
  'animals',
  'art',
  'bbq',
  'beach',
  'biking',
  'coffee',
  'cooking',
  'dancing',
  'foodie',
  'gardening',
  'gym',
  'hiking',
  'movies',
  'music',
  'outdoors',
  'photography',
  'reading',
  'sports',
  'sushi',
  'tea',
  'theater',
  'travelling',
  'video games',
  'wine',
]);

const labelCache = new Map<string, Record<string, string>>();

/** Interest names of locales/<lng>/common.json (`interests`). */
function interestLabels(lng: string): Record<string, string> {
  let labels = labelCache.get(lng);
  if (!labels) {
    try {
      const file = path.join(ROOT_DIR, 'locales', lng, 'common.json');
      labels = (JSON.parse(readFileSync(file, 'utf8')) as { interests?: Record<string, string> }).interests ?? {};
    } catch {
      labels = {};
    }
    labelCache.set(lng, labels);
  }
  return labels;
}

/**
 * Suggested first messages in `locale` (SPEC.md 2, icebreaker dialog): up to two about interests the
 * member and the other share (or the other's own interests), then general openers.
 */
export function icebreakersFor(
  locale: string,
  other: { name: string; interests: string[] },
  ownInterests: string[],
): string[] {
  const lng = GENERAL[locale] ? locale : DEFAULT_LOCALE;
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
  const own = new Set(ownInterests);
  const talkable = other.interests.filter((i) => TALKABLE.has(i));
  const shared = talkable.filter((i) => own.has(i));
  const topics = [...shared, ...talkable.filter((i) => !own.has(i))].slice(0, 2);
  const labels = interestLabels(lng);
  const aboutInterests = topics.map((i) =>
    fill(ABOUT_INTEREST[lng] as string, { interest: (labels[i] ?? i).toLocaleLowerCase(lng) }),
  );
  const general = (GENERAL[lng] as string[]).map((t) => fill(t, { name: other.name }));
  return [...aboutInterests, ...general].slice(0, 5);
}

/**
 * GET /api/icebreakers.php?profile=: icebreakers for a first message to that profile, in the
 * member's language. Input: `{ actor, site, user, profileId, locale }`.
 * @throws AppError forbidden (403) when the account has no profile
 * @throws AppError not_found (404) for unknown, own or blocked profiles
 */
export async function suggestIcebreakers(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; site: SiteRow; user: UserRow; profileId: number; locale: string },
): Promise<IcebreakersResponse> {
  const { db } = deps;
  const own = await requireOwnProfile(db, input.user);
  const other = await reachableProfile(db, input, own, input.profileId);
  const { locale } = input;
  return { icebreakers: icebreakersFor(locale, other, own.interests) };
}
