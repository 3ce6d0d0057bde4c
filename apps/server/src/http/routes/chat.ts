import { chatCalls } from '@app/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { validationFailed } from '../../errors.js';
import { presentChatList, presentConversation, presentSendResult } from '../../presenters/chat.js';
import { presentGift, textLanguage } from '../../presenters/message.js';
import { chooseExplicitPhotos } from '../../services/chat/choose-explicit-photos.js';
import { deleteChats } from '../../services/chat/delete-chat.js';
import { ensureGiftImages } from '../../services/chat/gift-catalogue.js';
import { listMemberChats } from '../../services/chat/list-chats.js';
import { listSiteGifts } from '../../services/chat/list-gifts.js';
import { readConversation } from '../../services/chat/read-messages.js';
import { sendChatPhoto } from '../../services/chat/send-chat-photo.js';
import { sendMessage } from '../../services/chat/send-message.js';
import { viewConversation } from '../../services/chat/view-conversation.js';
import { requireUser } from '../context.js';
import { readMultipartUpload } from '../multipart.js';
import { registerCall } from '../register-call.js';

/** Reads a chat photo upload: the `file` part (size-limited) and the text fields. */
async function readPhotoUpload(req: FastifyRequest, maxMegabytes: number) {
  const { data, fields } = await readMultipartUpload(req, maxMegabytes);
  const parsed = chatCalls.sendPhoto.fields.safeParse(fields);
  if (!parsed.success) throw validationFailed({ issues: parsed.error.issues.map((i) => i.path.join('.')) });
  return { data, ...parsed.data };
}

/** Conversations, messages and gifts (SPEC.md 2 chats and chat screen, 3-5, 7, 9). */
export const chatRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { config, photoStore: store } = deps;
  const maxBytes = Math.round(config.photos.maxMegabytes * 1024 * 1024);
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 100 } });
  // Gift pictures are drawn, not shipped: make sure they exist before the catalogue is served.
  await ensureGiftImages(config, store).catch((err: unknown) => app.log.warn({ err }, 'gift images not written'));

  registerCall(app, chatCalls.chats, async (req) =>
    presentChatList(await listMemberChats(deps, { user: requireUser(req) })),
  );

  registerCall(app, chatCalls.conversation, async (req) =>
    presentConversation(
      await viewConversation(deps, { user: requireUser(req), actor: req.actor, site: req.site, query: req.query }),
      textLanguage(req.locale, req.site),
    ),
  );

  registerCall(app, chatCalls.deleteChat, async (req) => {
    await deleteChats(deps, { user: requireUser(req), actor: req.actor, body: req.body });
    return { ok: true as const };
  });

  registerCall(app, chatCalls.readChat, async (req) => {
    await readConversation(deps, { user: requireUser(req), actor: req.actor, conversationId: req.body.conversation });
    return { ok: true as const };
  });

  registerCall(app, chatCalls.explicitPhotos, async (req) => {
    await chooseExplicitPhotos(deps, {
      actor: req.actor,
      user: requireUser(req),
      conversationId: req.body.conversation,
      show: req.body.show,
    });
    return { ok: true as const };
  });

  registerCall(app, chatCalls.sendMessage, async (req) => {
    const body = req.body;
    const outgoing =
      body.kind === 'gift'
        ? { kind: 'gift' as const, giftId: body.gift ?? 0 }
        : { kind: 'text' as const, text: body.text ?? '' };
    const sent = await sendMessage(deps, {
      site: req.site,
      user: requireUser(req),
      profileId: body.profile,
      clientId: body.client_id,
      outgoing,
      confirmed: body.confirmed,
    });
    return presentSendResult(sent, textLanguage(req.locale, req.site));
  });

  registerCall(app, chatCalls.sendPhoto, async (req) => {
    const user = requireUser(req);
    const upload = await readPhotoUpload(req, config.photos.maxMegabytes);
    const sent = await sendChatPhoto(deps, {
      site: req.site,
      user,
      profileId: upload.profile,
      clientId: upload.client_id,
      data: upload.data,
    });
    return presentSendResult(sent, textLanguage(req.locale, req.site));
  });

  registerCall(app, chatCalls.gifts, async (req) => {
    requireUser(req);
    const lang = textLanguage(req.locale, req.site);
    return (await listSiteGifts(deps, { site: req.site })).map((gift) => presentGift(gift, lang));
  });
};
