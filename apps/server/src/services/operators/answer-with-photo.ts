import type { AppDeps } from '../../deps.js';
import { enqueuePhotoScore, storeChatPhoto } from '../chat/send-chat-photo.js';
import { type AnswerDeps, type AnswerInput, answerAsFictional, type OperatorAnswer } from './answer-as-fictional.js';
import { loadInboxConversation } from './inbox-rules.js';

/**
 * Answers with a photo as the fictional profile (issue: back office II): the upload goes through the
 * chat photo pipeline members use (decode, re-encode, strip metadata, full and card size in the photo
 * store), then `answerAsFictional` stores and delivers it; the member pays nothing. The files of an
 * answer that fails, or of a retry whose first attempt was stored, are removed again. The photo is
 * scored by the score_photo job like a member's (issue: explicit photos).
 * Input: AnswerInput without `outgoing`, plus `data` (the uploaded file's bytes).
 * @throws AppError photo_invalid (400) and every error of answerAsFictional
 */
export async function answerWithPhoto(
  deps: AnswerDeps & Pick<AppDeps, 'config' | 'photoStore' | 'jobs'>,
  input: Omit<AnswerInput, 'outgoing'> & { data: Buffer },
): Promise<OperatorAnswer> {
  // Refuse a conversation the actor may not answer before any file is written.
  await loadInboxConversation(deps.db, input.actor, input.id, deps.clock.now());
  const { filename, thumbFilename, names } = await storeChatPhoto(deps, input.data);
  try {
    const answer = await answerAsFictional(deps, {
      actor: input.actor,
      who: input.who,
      id: input.id,
      clientId: input.clientId,
      outgoing: { kind: 'photo', filename, thumbFilename },
    });
    if (answer.duplicate) await deps.photoStore.remove(names).catch(() => undefined);
    else await enqueuePhotoScore(deps, answer.message.message.id);
    return answer;
  } catch (err) {
    await deps.photoStore.remove(names).catch(() => undefined);
    throw err;
  }
}
