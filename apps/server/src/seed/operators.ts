/**
 * The demo seed's operator inbox (issue: back office II): the demo operator, persona notes for the
 * fictional profiles, and a few members' conversations with fictional profiles that wait for an
 * answer, so the inbox is not empty on a fresh start.
 */
import { randomUUID } from 'node:crypto';
import { ageOn } from '@app/contracts';
import { and, asc, desc, eq, gte, isNotNull, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { storePaidMessage } from '../db/repositories/messages.js';
import { fictionalPersonas, profiles, sites, staff, users } from '../db/schema.js';
import { chatCosts } from '../services/chat/chat-rules.js';
import { DEMO_PASSWORD, type DemoLogin } from './demo-logins.js';

/** The demo operator's login (password DEMO_PASSWORD; README). */
export const DEMO_OPERATOR_EMAIL = 'operator@example.com';

/** Members the demo chat and journeys use: they never write to the inbox's demo conversations. */
const KEPT_OUT = ['demo@example.com', 'premium@example.com'];

/** What the waiting members wrote, minutes ago (oldest first within a conversation). */
const WAITING: { text: string; minutesAgo: number }[][] = [
  [
    { text: 'Hoi! Je profiel sprak me meteen aan. Wat doe je graag in het weekend?', minutesAgo: 95 },
    { text: 'Ik ben zelf dol op fietsen langs de kust 🚲', minutesAgo: 93 },
  ],
  [{ text: 'Hey, leuke foto! Ben je echt zo avontuurlijk als je schrijft?', minutesAgo: 42 }],
  [{ text: 'Goedemorgen! Zin om wat meer over jezelf te vertellen?', minutesAgo: 18 }],
  [{ text: 'Wat lees je op dit moment? Ik zoek een goed boek voor de vakantie.', minutesAgo: 6 }],
];

/**
 * Traits the persona notes are made of, picked by profile id (deterministic). Persona notes are staff
 * texts, never shown to members: written in English, the back office's default language (staff.language).
 */
const TRAITS = [
  'Works in healthcare, loves walking her dog and a Sunday brunch',
  'Studies art history, likes museums and small concerts',
  'Photographer, travels a lot and loves to talk about faraway cities',
  'Loves cooking Italian food, dreams of a little house in Tuscany',
  'Sporty: running and yoga; down-to-earth and direct',
  'Primary school teacher, loves board games and long conversations',
];

/** A persona note for a fictional profile: who they are and how to write as them (English). */
function personaNote(p: { id: number; name: string; city: string | null; date_of_birth: string }, now: Date): string {
  const trait = TRAITS[p.id % TRAITS.length];
  const from = p.city ? ` from ${p.city}` : '';
  return (
    `${p.name}, ${ageOn(p.date_of_birth, now)}${from}. ${trait}. ` +
    'Writes warmly and briefly, ends with a question. Never makes a date: physical contact is not possible.'
  );
}

/**
 * Seeds the inbox of site `siteId`: the operator account (role operator, this site; enrols its second
 * factor at the first login), a persona note for every fictional profile without one, and members'
 * messages to fictional profiles sent through the real send statement (paid like any send), which
 * leave their conversations waiting for an operator. Answers the operator's login (README lists it).
 */
export async function seedOperators(
  db: Db,
  siteId: number,
  passwordHash: string,
  log: (msg: string) => void,
): Promise<DemoLogin> {
  await db.insert(staff).values({
    email: DEMO_OPERATOR_EMAIL,
    name: 'Demo operator',
    role: 'operator',
    site_ids: [siteId],
    password_hash: passwordHash,
  });
  const now = new Date();
  const fictional = await db
    .select({ id: profiles.id, name: profiles.name, city: profiles.city, date_of_birth: profiles.date_of_birth })
    .from(profiles)
    .where(and(eq(profiles.site_id, siteId), eq(profiles.is_fictional, true)))
    .orderBy(asc(profiles.id));
  if (fictional.length > 0) {
    await db
      .insert(fictionalPersonas)
      .values(fictional.map((p) => ({ profile_id: p.id, persona_note: personaNote(p, now) })))
      .onConflictDoNothing();
  }
  const waiting = await seedWaiting(db, siteId, fictional, now);
  log(
    `back-office operator ${DEMO_OPERATOR_EMAIL}, ${fictional.length} persona notes, ${waiting} waiting conversations`,
  );
  return { email: DEMO_OPERATOR_EMAIL, password: DEMO_PASSWORD, kind: 'back-office operator at /admin' };
}

/** The members' messages to fictional profiles; answers how many conversations wait. */
async function seedWaiting(db: Db, siteId: number, fictional: { id: number }[], now: Date): Promise<number> {
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  if (!site || fictional.length === 0) return 0;
  const writers = await db
    .select({ userId: users.id, profileId: profiles.id, country: profiles.country })
    .from(users)
    .innerJoin(profiles, eq(profiles.user_id, users.id))
    .where(
      and(
        eq(users.site_id, siteId),
        eq(users.status, 'confirmed'),
        eq(profiles.status, 'active'),
        gte(users.credits, 60),
        notInArray(users.email, KEPT_OUT),
        isNotNull(profiles.main_photo_id),
      ),
    )
    // Past the richest members, whom the demo chat seed picks as its writers.
    .orderBy(desc(users.credits), desc(users.id))
    .offset(2)
    .limit(WAITING.length);
  let waiting = 0;
  for (const [i, writer] of writers.entries()) {
    const recipient = fictional[(i * 7) % fictional.length];
    const script = WAITING[i];
    if (!recipient || !script) continue;
    let stored = false;
    for (const line of script) {
      const result = await storePaidMessage(db, {
        userId: writer.userId,
        siteId,
        country: writer.country,
        recipientProfileId: recipient.id,
        unreachableStatuses: ['pending_deletion', 'banned', 'erased'],
        unconfirmedStatus: 'not_confirmed',
        cost: chatCosts(site, writer.country).message,
        conversationLimit: null,
        kind: 'text',
        body: line.text,
        photoFilename: null,
        photoThumbFilename: null,
        giftId: null,
        clientId: `seed-${randomUUID()}`,
        ledgerReason: 'message',
        now: new Date(now.getTime() - line.minutesAgo * 60_000),
      });
      stored ||= result.status === 'ok';
    }
    if (stored) waiting++;
  }
  return waiting;
}
