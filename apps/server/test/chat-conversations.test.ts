import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRealtime, createChatMember, sendText } from './helpers/chat-factories.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/server.js';

describe.each(dbKinds())('chat: lists, unread, deletion and realtime on %s', (kind) => {
  let server: TestServer;
  let siteId: number;
  const member = (opts: Parameters<typeof createChatMember>[3] = {}) =>
    createChatMember(server.database.db, siteId, server.url, { credits: 200, user: { paid_user: true }, ...opts });

  beforeAll(async () => {
    server = await startTestServer(kind);
    siteId = (await createSite(server.database.db, { is_default: true })).id;
  });
  afterAll(() => server?.close());

  it('lists chats newest first with the other profile and unread counts, and resets them on open', async () => {
    const me = await member();
    const anna = await member({ profile: { name: 'Anna' } });
    const bert = await member({ profile: { name: 'Bert' } });
    await sendText(anna.browser, me.profile.id, 'Hoi van Anna');
    await sendText(anna.browser, me.profile.id, 'Nog eens Anna');
    await sendText(bert.browser, me.profile.id, 'Hoi van Bert');

    const list = await me.browser.get('/api/chats.php');
    expect(list.status).toBe(200);
    expect(list.json.map((e: { profile: { name: string } }) => e.profile.name)).toEqual(['Bert', 'Anna']);
    const annaEntry = list.json[1];
    expect(annaEntry).toMatchObject({
      num_unread_messages: 2,
      profile: { id: anna.profile.id, fictional: false },
      conversation: { last_message: { preview: 'Nog eens Anna', sender: anna.profile.id } },
    });

    const view = await me.browser.get(`/api/chat.php?conversation=${annaEntry.conversation.id}`);
    expect(view.json.messages.map((m: { body: string }) => m.body)).toEqual(['Hoi van Anna', 'Nog eens Anna']);
    const read = await me.browser.post('/api/chat-read.php', { conversation: annaEntry.conversation.id });
    expect(read.json).toEqual({ ok: true });
    const after = await me.browser.get('/api/chats.php');
    expect(
      after.json.find((e: { profile: { id: number } }) => e.profile.id === anna.profile.id).num_unread_messages,
    ).toBe(0);
    const annaView = await anna.browser.get(`/api/chat.php?profile=${me.profile.id}`);
    expect(annaView.json.other_last_read).toBe(view.json.messages[1].id);
  });

  it('hides conversations of others', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const sent = await sendText(a.browser, b.profile.id, 'Privé');
    expect((await c.browser.get(`/api/chat.php?conversation=${sent.json.conversation}`)).status).toBe(404);
    expect((await c.browser.post('/api/chat-read.php', { conversation: sent.json.conversation })).status).toBe(404);
    const del = await c.browser.request('DELETE', '/api/chat.php', { conversation: sent.json.conversation });
    expect(del.status).toBe(404);
  });

  it('deletes a chat from the own list only; a new message brings it back without the old history', async () => {
    const a = await member();
    const b = await member();
    const sent = await sendText(a.browser, b.profile.id, 'Oud bericht');
    const del = await b.browser.request('DELETE', '/api/chat.php', { conversation: sent.json.conversation });
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ ok: true });
    expect((await b.browser.get('/api/chats.php')).json).toEqual([]);
    expect((await a.browser.get('/api/chats.php')).json).toHaveLength(1);
    await sendText(a.browser, b.profile.id, 'Nieuw bericht');
    const list = (await b.browser.get('/api/chats.php')).json;
    expect(list).toHaveLength(1);
    expect(list[0].num_unread_messages).toBe(1);
    const view = await b.browser.get(`/api/chat.php?conversation=${sent.json.conversation}`);
    expect(view.json.messages.map((m: { body: string }) => m.body)).toEqual(['Nieuw bericht']);
  });

  it('deletes every chat with a profile, and a free member regains room under the limit', async () => {
    const free = await member({ user: { paid_user: false } });
    const b = await member();
    const c = await member();
    const d = await member();
    await sendText(free.browser, b.profile.id, 'Hoi B');
    await sendText(free.browser, c.profile.id, 'Hoi C');
    expect((await sendText(free.browser, d.profile.id, 'Hoi D')).status).toBe(403);
    const del = await free.browser.request('DELETE', '/api/chat.php', { profile: b.profile.id });
    expect(del.status).toBe(200);
    const list = (await free.browser.get('/api/chats.php')).json;
    expect(list.map((e: { profile: { id: number } }) => e.profile.id)).toEqual([c.profile.id]);
    expect((await sendText(free.browser, d.profile.id, 'Hoi D')).status).toBe(200);
  });

  it('pushes new messages, typing, read state and the balance over the WebSocket', async () => {
    const a = await member();
    const b = await member();
    const wsA = await connectRealtime(server.url, a.browser);
    const wsB = await connectRealtime(server.url, b.browser);
    try {
      const sent = await sendText(a.browser, b.profile.id, 'Live!');
      const event = await wsB.waitFor((e) => e.type === 'message');
      expect(event).toMatchObject({
        conversation: sent.json.conversation,
        message: { body: 'Live!', sender: a.profile.id },
      });
      expect(await wsA.waitFor((e) => e.type === 'credits')).toEqual({ type: 'credits', credits: 190 });
      wsB.socket.send(JSON.stringify({ type: 'typing', conversation: sent.json.conversation }));
      expect(await wsA.waitFor((e) => e.type === 'typing')).toEqual({
        type: 'typing',
        conversation: sent.json.conversation,
        profile: b.profile.id,
      });
      await b.browser.post('/api/chat-read.php', { conversation: sent.json.conversation });
      expect(await wsA.waitFor((e) => e.type === 'read')).toMatchObject({
        profile: b.profile.id,
        message: sent.json.message.id,
      });
    } finally {
      wsA.close();
      wsB.close();
    }
  });

  it('refuses the WebSocket without a session and from a foreign origin', async () => {
    const WebSocket = (await import('ws')).default;
    const closeCode = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime`, { headers });
        ws.on('close', (code) => resolve(code));
        ws.on('error', () => resolve(-1));
      });
    expect(await closeCode({})).toBe(4401);
    const a = await member();
    expect(await closeCode({ cookie: `sid=${a.browser.cookie('sid')}`, origin: 'https://evil.example' })).toBe(4403);
  });
});
