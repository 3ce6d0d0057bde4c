import {
  ChatDeleteBodySchema,
  ChatListSchema,
  ChatQuerySchema,
  ChatReadBodySchema,
  ChatViewSchema,
  ErrorResponseSchema,
  GiftListSchema,
  OkSchema,
  SendMessageBodySchema,
  SendMessageResultSchema,
  SendPhotoFieldsSchema,
} from '@app/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { validationFailed } from '../../errors.js';
import { listMemberChats } from '../../services/chat/chats.js';
import { viewConversation } from '../../services/chat/conversation.js';
import { deleteChats } from '../../services/chat/delete-chat.js';
import { ensureGiftImages } from '../../services/chat/gift-catalogue.js';
import { listSiteGifts } from '../../services/chat/gifts.js';
import { readConversation } from '../../services/chat/read-messages.js';
import { sendChatPhoto } from '../../services/chat/send-chat-photo.js';
import { sendMessage } from '../../services/chat/send-message.js';
import { requireUser } from '../context.js';
import { readMultipartUpload } from '../multipart.js';

const errors = {
  400: ErrorResponseSchema,
  402: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Reads a chat photo upload: the `file` part (size-limited) and the text fields. */
async function readPhotoUpload(req: FastifyRequest, maxMegabytes: number) {
  const { data, fields } = await readMultipartUpload(req, maxMegabytes);
  const parsed = SendPhotoFieldsSchema.safeParse(fields);
  if (!parsed.success) throw validationFailed({ issues: parsed.error.issues.map((i) => i.path.join('.')) });
  return { data, ...parsed.data };
}

/** Conversations, messages and gifts (SPEC.md 2 chats and chat screen, 3-5, 7, 9). */
export const chatRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, clock, config, bus, photoStore: store },
) => {
  const maxBytes = Math.round(config.photos.maxMegabytes * 1024 * 1024);
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 100 } });
  // Gift pictures are drawn, not shipped: make sure they exist before the catalogue is served.
  await ensureGiftImages(config, store).catch((err: unknown) => app.log.warn({ err }, 'gift images not written'));

  app.get(
    '/api/chats.php',
    {
      schema: {
        tags: ['chat'],
        summary: 'The chat list: conversation, profile, num_unread_messages; newest activity first (SPEC.md 7)',
        response: { 200: ChatListSchema, 403: ErrorResponseSchema },
      },
    },
    async (req) => listMemberChats(db, requireUser(req), clock.now()),
  );

  app.get(
    '/api/chat.php',
    {
      schema: {
        tags: ['chat'],
        summary: 'A conversation (by conversation id or with a profile), 50 messages a page; does not mark it read',
        querystring: ChatQuerySchema,
        response: { 200: ChatViewSchema, ...errors },
      },
    },
    async (req) => viewConversation(db, req.site, requireUser(req), req.query),
  );

  app.delete(
    '/api/chat.php',
    {
      schema: {
        tags: ['chat'],
        summary: 'Delete a chat from the own list, or every chat with a profile (SPEC.md 4, 7)',
        body: ChatDeleteBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => {
      await deleteChats({ db, clock, bus }, requireUser(req), req.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/chat-read.php',
    {
      schema: {
        tags: ['chat'],
        summary: 'The member opened the conversation: its unread count becomes 0 (SPEC.md 4)',
        body: ChatReadBodySchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (req) => {
      await readConversation({ db, bus }, requireUser(req), req.body.conversation);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/message.php',
    {
      schema: {
        tags: ['chat'],
        summary: 'Send a text or a gift to a profile; paid in credits; idempotent per client_id',
        description:
          'Costs: text max(message_credits, minimum_message_costs of the sender country), gift its price. ' +
          'Errors: 402 not_enough_credits (data {cost, credits}); 403 premium_required (data.reason ' +
          'conversation_limit: free members have at most 2 conversations), blocked, recipient_not_confirmed; ' +
          '400 validation_failed (empty or longer than message_length).',
        body: SendMessageBodySchema,
        response: { 200: SendMessageResultSchema, ...errors },
      },
    },
    async (req) => {
      const body = req.body;
      const outgoing =
        body.kind === 'gift'
          ? { kind: 'gift' as const, giftId: body.gift ?? 0 }
          : { kind: 'text' as const, text: body.text ?? '' };
      const { duplicate: _duplicate, ...result } = await sendMessage(
        { db, clock, bus },
        req.site,
        requireUser(req),
        body.profile,
        body.client_id,
        outgoing,
      );
      return result;
    },
  );

  app.post(
    '/api/chat-photo.php',
    {
      schema: {
        tags: ['chat'],
        summary: 'Send a photo (multipart: file, profile, client_id); re-encoded without metadata; photo_credits',
        response: { 200: SendMessageResultSchema, 413: ErrorResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const upload = await readPhotoUpload(req, config.photos.maxMegabytes);
      return sendChatPhoto(
        { db, clock, bus, config, store },
        req.site,
        user,
        upload.profile,
        upload.client_id,
        upload.data,
      );
    },
  );

  app.get(
    '/api/gifts.php',
    {
      schema: {
        tags: ['chat'],
        summary: "The site's gift catalogue: image (relative to cdn_prefix), name, price in credits",
        response: { 200: GiftListSchema, 403: ErrorResponseSchema },
      },
    },
    async (req) => {
      requireUser(req);
      return listSiteGifts(db, req.site);
    },
  );
};
