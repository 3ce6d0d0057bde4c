import type { AppDeps } from '../../src/deps.js';
import type { JobPayloads } from '../../src/jobs/kinds.js';
import type { NsfwScores } from '../../src/nsfw/nsfw-model.js';
import { type ScoreOutcome, scorePhoto } from '../../src/services/photos/score-photo.js';

/** A scorer that answers `porn` for every photo (no model: tests of the rules around it stay fast). */
export function fixedScorer(porn: number): AppDeps['photoScorer'] {
  const scores: NsfwScores = { drawing: 0, hentai: 0, neutral: 1 - porn, porn, sexy: 0 };
  return { score: async () => scores };
}

/** Runs the score_photo job of `payload` on `deps` with a fixed porn score (issue: explicit photos). */
export function runScoreJob(
  deps: AppDeps,
  payload: JobPayloads['score_photo'],
  porn: number,
): Promise<ScoreOutcome | null> {
  return scorePhoto({ ...deps, photoScorer: fixedScorer(porn) }, payload);
}
