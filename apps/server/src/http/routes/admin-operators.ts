import { adminOperatorCalls } from '@app/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { validationFailed } from '../../errors.js';
import { presentMemberNote } from '../../presenters/admin/members.js';
import {
  presentInbox,
  presentInboxConversation,
  presentOperatorAnswer,
  presentResponseTimes,
} from '../../presenters/admin/operators.js';
import { addInboxNote } from '../../services/operators/add-inbox-note.js';
import { answerAsFictional } from '../../services/operators/answer-as-fictional.js';
import { answerWithPhoto } from '../../services/operators/answer-with-photo.js';
import { listInbox } from '../../services/operators/list-inbox.js';
import { openInboxConversation } from '../../services/operators/open-inbox-conversation.js';
import { releaseInboxLock } from '../../services/operators/release-inbox-lock.js';
import { viewResponseTimes } from '../../services/operators/view-response-times.js';
import { requireStaff } from '../context.js';
import { readMultipartUpload } from '../multipart.js';
import { registerCall } from '../register-call.js';

/**
 * Back office II. The operator inbox: conversations of members with fictional profiles, the lock,
 * answers as the fictional profile (text, gift, photo), staff notes, response times. The use cases
 * check the role, the site and the lock, and write the audit log.
 */
export const adminOperatorRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { config } = deps;
  const maxBytes = Math.round(config.photos.maxMegabytes * 1024 * 1024);
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 100 } });

  registerCall(app, adminOperatorCalls.inbox, async (req) => {
    const { actor, who } = requireStaff(req);
    const result = await listInbox(deps, { actor, tab: req.query.tab, siteId: req.query.site_id });
    return presentInbox(req.query.tab, result, who.staffId);
  });

  registerCall(app, adminOperatorCalls.open, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentInboxConversation(
      await openInboxConversation(deps, { actor, who, id: req.body.id, audit: true }),
      req.locale,
    );
  });

  registerCall(app, adminOperatorCalls.heartbeat, async (req) => {
    const { actor, who } = requireStaff(req);
    return presentInboxConversation(
      await openInboxConversation(deps, { actor, who, id: req.body.id, audit: false }),
      req.locale,
    );
  });

  registerCall(app, adminOperatorCalls.release, async (req) => {
    const { actor, who } = requireStaff(req);
    await releaseInboxLock(deps, { actor, who, id: req.body.id });
    return { ok: true as const };
  });

  registerCall(app, adminOperatorCalls.answer, async (req) => {
    const { actor, who } = requireStaff(req);
    const { id, client_id, kind, text, gift } = req.body;
    const outgoing = kind === 'gift' ? { kind, giftId: gift ?? 0 } : { kind, text: text ?? '' };
    const answer = await answerAsFictional(deps, { actor, who, id, clientId: client_id, outgoing });
    return presentOperatorAnswer(answer, who.staffId, req.locale);
  });

  registerCall(app, adminOperatorCalls.answerPhoto, async (req) => {
    const { actor, who } = requireStaff(req);
    const { data, fields } = await readMultipartUpload(req, config.photos.maxMegabytes);
    const parsed = adminOperatorCalls.answerPhoto.fields.safeParse(fields);
    if (!parsed.success) throw validationFailed({ issues: parsed.error.issues.map((i) => i.path.join('.')) });
    const { id, client_id } = parsed.data;
    const answer = await answerWithPhoto(deps, { actor, who, id, clientId: client_id, data });
    return presentOperatorAnswer(answer, who.staffId, req.locale);
  });

  registerCall(app, adminOperatorCalls.addNote, async (req) => {
    const { actor, who } = requireStaff(req);
    const staffName = req.staff?.name ?? '';
    const note = await addInboxNote(deps, { actor, who, staffName, id: req.body.id, text: req.body.text });
    return { note: presentMemberNote(note) };
  });

  registerCall(app, adminOperatorCalls.responseTimes, async (req) => {
    const { actor } = requireStaff(req);
    const { site_id, from, to } = req.query;
    return presentResponseTimes(await viewResponseTimes(deps, { actor, siteId: site_id, from, to }));
  });
};
