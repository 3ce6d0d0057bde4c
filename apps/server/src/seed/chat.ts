import { DEFAULT_LOCALE, siteLanguage } from '@app/contracts';
import { and, desc, eq, gte, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ensureConversation, markConversationRead, recordMessageActivity } from '../db/repositories/conversations.js';
import { debitCredits, recordDebit } from '../db/repositories/credit-ledger.js';
import { type GiftRow, insertGifts } from '../db/repositories/gifts.js';
import { insertMessage } from '../db/repositories/messages.js';
import { profiles, sites, users } from '../db/schema.js';
import { chatCosts } from '../services/chat/chat-rules.js';
import { GIFT_DESIGNS, giftImagePath } from '../services/chat/gift-catalogue.js';
import { demoGiftTexts } from '../services/chat/gift-names.js';

/** A seeded message: a text, or a gift by its image path (names differ per language). */
type SeedMessage = { text?: string; gift?: string; minutesAgo: number };

/** Demo logins whose balances the seed leaves as planned (20 and 250 credits): they only receive. */
const DEMO_EMAILS = ['demo@example.com', 'premium@example.com'];

/**
 * The demo site's gift catalogue and demo conversations (SPEC.md 2 chats): a seeded member wrote to
 * demo@example.com (an older message read, a gift and a question unread) and another to
 * premium@example.com (one unread). Every seeded message is paid by its sender like a real send:
 * conditional debit plus a ledger row `message:<id>`. The demo logins only receive, so their
 * balances stay as planned and the free demo member keeps room under the 2-conversation limit.
 * Gift names are stored in all eleven languages (services/chat/gift-names.ts); gift pictures are drawn
 * into PHOTO_DIR/gifts by the chat routes on start (services/chat/gift-catalogue.ts).
 */
export async function seedChat(db: Db, siteId: number, log: (msg: string) => void): Promise<void> {
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  const siteLng = site ? siteLanguage(site) : DEFAULT_LOCALE;
  const gifts = await insertGifts(
    db,
    GIFT_DESIGNS.map((g, i) => ({
      site_id: siteId,
      ...demoGiftTexts(g.key, g.name, siteLng),
      image: giftImagePath(g.key),
      credits: g.credits,
      position: i,
    })),
  );
  log(`gifts ${gifts.length} (names in ${Object.keys(gifts[0]?.names ?? {}).length} languages)`);
  const demo = await profileOf(db, siteId, 'demo@example.com');
  const premium = await profileOf(db, siteId, 'premium@example.com');
  if (!site || !demo || !premium) return;

  const now = Date.now();
  const rose = gifts.find((g) => g.image === giftImagePath('roos'));
  const writers = await pickWriters(db, siteId, 2);
  const [toDemo, toPremium] = writers;
  if (toDemo) {
    await seedConversation(
      db,
      site,
      gifts,
      now,
      toDemo,
      demo.id,
      [
        {
          text: 'Hoi Daan! Ik zag dat je ook graag langs de grachten fietst. Wat is je favoriete route?',
          minutesAgo: 2 * 24 * 60,
        },
        { gift: rose?.image, minutesAgo: 35 },
        { text: 'Zin om een keer koffie te drinken in Amsterdam? 😊', minutesAgo: 30 },
      ],
      1,
    );
  }
  if (toPremium) {
    await seedConversation(
      db,
      site,
      gifts,
      now,
      toPremium,
      premium.id,
      [{ text: 'Hoi Sanne, wat een mooie omschrijving! Naar welk concert ga je binnenkort?', minutesAgo: 180 }],
      0,
    );
  }
  log(`conversations ${writers.length}`);
}

async function profileOf(db: Db, siteId: number, email: string) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.user_id, users.id))
    .where(and(eq(users.site_id, siteId), eq(users.email, email)));
  return row ?? null;
}

/** Seeded members with an active profile and credits to pay for a few messages (not the demo logins). */
async function pickWriters(db: Db, siteId: number, n: number) {
  return db
    .select({ userId: users.id, profileId: profiles.id, country: profiles.country })
    .from(users)
    .innerJoin(profiles, eq(profiles.user_id, users.id))
    .where(
      and(
        eq(users.site_id, siteId),
        eq(users.status, 'confirmed'),
        eq(profiles.status, 'active'),
        gte(users.credits, 120),
        notInArray(users.email, DEMO_EMAILS),
        isNotNull(profiles.main_photo_id),
        inArray(profiles.gender, ['female', 'male']),
      ),
    )
    .orderBy(desc(users.credits), users.id)
    .limit(n);
}

/** One conversation from `writer` to `recipient`; the recipient has read the first `readCount` messages. */
async function seedConversation(
  db: Db,
  site: typeof sites.$inferSelect,
  gifts: GiftRow[],
  now: number,
  writer: { userId: number; profileId: number; country: string },
  recipient: number,
  script: SeedMessage[],
  readCount: number,
): Promise<void> {
  const costs = chatCosts(site, writer.country);
  let n = 0;
  for (const line of script) {
    const at = new Date(now - line.minutesAgo * 60_000);
    const gift = line.gift ? gifts.find((g) => g.image === line.gift) : undefined;
    const cost = gift ? gift.credits : costs.message;
    await db.transaction(async (tx) => {
      const balance = await debitCredits(tx, writer.userId, cost);
      if (balance === null) return; // the writer ran out: the demo simply has fewer messages
      const conversation = await ensureConversation(tx, site.id, writer.profileId, recipient, at);
      const message = await insertMessage(tx, {
        conversation_id: conversation.id,
        sender_profile_id: writer.profileId,
        kind: gift ? 'gift' : 'text',
        body: line.text ?? '',
        gift_id: gift?.id ?? null,
        credits_spent: cost,
        client_id: `seed-${conversation.id}-${n}`,
        created_at: at,
      });
      await recordDebit(tx, {
        userId: writer.userId,
        cost,
        balanceAfter: balance,
        reason: gift ? 'gift' : 'message',
        reference: `message:${message.id}`,
        now: at,
      });
      await recordMessageActivity(tx, conversation.id, recipient, at);
      n++;
      if (n === readCount) await markConversationRead(tx, conversation.id, recipient);
    });
  }
}
