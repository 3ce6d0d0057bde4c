import type { Db } from '../../db/client.js';
import type { SiteRow } from '../../db/repositories/sites.js';
import type { UserRow } from '../../db/repositories/users.js';
import type { AppDeps } from '../../deps.js';
import { processPhoto } from '../photos/process-photo.js';
import { type SendDeps, type SentMessage, sendMessage } from './send-message.js';

/**
 * Sends a photo in a chat (SPEC.md 2 send footer with photo upload): the upload goes through the
 * profile-photo pipeline (decode, re-encode, strip metadata), the full size and the card size are
 * stored, then the message is sent and paid (photo_credits) like any other. Files of a send that
 * fails, or of a retry whose first attempt was stored, are removed again. After the send the
 * score_photo job is enqueued (issue: explicit photos): the recipient sees the photo blurred until it
 * is scored, about a second later, never the sender.
 * Input: `{ site, user, profileId, clientId, data }`: `data` the uploaded file's bytes; costs photo_credits.
 * Returns sendMessage's SentMessage (message row, balance in credits, `duplicate`); routes present it
 * with `presentSendResult`.
 * @throws AppError photo_invalid (400) and every error of sendMessage
 */
export async function sendChatPhoto(
  deps: SendDeps & Pick<AppDeps, 'config' | 'photoStore' | 'jobs'>,
  input: { site: SiteRow; user: UserRow; profileId: number; clientId: string; data: Buffer },
): Promise<SentMessage> {
  const { site, user, profileId, clientId } = input;
  const store = deps.photoStore;
  const { filename, thumbFilename, names } = await storeChatPhoto(deps, input.data);
  try {
    const result = await sendMessage(deps, {
      site,
      user,
      profileId,
      clientId,
      outgoing: { kind: 'photo', filename, thumbFilename },
    });
    if (result.duplicate) await store.remove(names).catch(() => undefined);
    else await enqueuePhotoScore(deps, result.message.message.id);
    return result;
  } catch (err) {
    await store.remove(names).catch(() => undefined);
    throw err;
  }
}

/**
 * The chat photo pipeline's first half, shared by members' sends and operators' answers: decodes,
 * re-encodes and strips metadata (processPhoto), then stores the full size and the card size in the
 * photo store. Returns the message's file names and every stored name (to remove when the send fails).
 * @throws AppError photo_invalid (400)
 */
export async function storeChatPhoto(
  deps: Pick<AppDeps, 'config' | 'photoStore'>,
  data: Buffer,
): Promise<{ filename: string; thumbFilename: string; names: string[] }> {
  const processed = await processPhoto(data, deps.config.photos);
  const kept = [processed.full, processed.match];
  await Promise.all(kept.map((s) => deps.photoStore.put(s.name, s.data, processed.contentType)));
  return { filename: processed.full.name, thumbFilename: processed.match.name, names: kept.map((s) => s.name) };
}

/**
 * Enqueues the score_photo job of a stored chat photo message `messageId` (issue: explicit photos).
 * After the send's commit (the send is one statement, docs/decisions/008-chat-send-statement.md): a
 * crash in between leaves the photo unscored, so blurred for its recipient, who can still view it.
 * @throws database errors
 */
export async function enqueuePhotoScore(deps: { db: Db } & Pick<AppDeps, 'jobs'>, messageId: number): Promise<void> {
  await deps.jobs.enqueue(
    deps.db,
    'score_photo',
    { message: messageId },
    { uniqueKey: `score_photo:message:${messageId}` },
  );
}
