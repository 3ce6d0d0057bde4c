import type { Db } from '../../src/db/client.js';
import { blocks, conversationMembers, conversations, likes } from '../../src/db/schema.js';
import { Browser, type TestServer } from './server.js';

/** A like row made directly (e.g. an earlier like), new unless told otherwise. */
export async function createLike(
  db: Db,
  siteId: number,
  liker: number,
  liked: number,
  overrides: Partial<typeof likes.$inferInsert> = {},
) {
  const [row] = await db
    .insert(likes)
    .values({ site_id: siteId, liker_profile_id: liker, liked_profile_id: liked, ...overrides })
    .returning();
  return row!;
}

/** A block row made directly. */
export async function createBlock(db: Db, blocker: number, blocked: number) {
  await db.insert(blocks).values({ blocker_profile_id: blocker, blocked_profile_id: blocked });
}

/** A conversation between two profiles with both member rows. */
export async function createConversation(db: Db, siteId: number, x: number, y: number) {
  const [a, b] = x < y ? [x, y] : [y, x];
  const [conversation] = await db
    .insert(conversations)
    .values({ site_id: siteId, profile_a: a, profile_b: b, last_message_at: new Date() })
    .returning();
  await db.insert(conversationMembers).values([
    { conversation_id: conversation!.id, profile_id: a, num_unread_messages: 2 },
    { conversation_id: conversation!.id, profile_id: b },
  ]);
  return conversation!;
}

/** A browser logged in as `member` on the server's default site. */
export async function loginAs(server: TestServer, member: { email: string; password: string }): Promise<Browser> {
  const b = new Browser(server.url);
  const res = await b.post('/api/user.php', { email: member.email, password: member.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
  return b;
}
