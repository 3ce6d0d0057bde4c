import sharp from 'sharp';
import type { NsfwScores, PhotoScorer } from './nsfw-model.js';

/**
 * A stand-in for the model in the journeys (TEST_PHOTO_SCORER=colour; refused on a production
 * deployment, lifecycle/start-config.ts): `porn` is how red the picture is, the mean over its pixels
 * of max(0, red − max(green, blue)) / 255, so a journey picks the score by the colour it sends (pure
 * red ≈ 1, above any threshold; grey, blue or a photo ≈ 0) and waits no model load. Never a judge of
 * real photos (docs/decisions/023-explicit-photos.md).
 */
export function createColourScorer(): PhotoScorer {
  return {
    async score(data) {
      const { data: pixels, info } = await sharp(data, { failOn: 'error' })
        .resize(32, 32, { fit: 'fill' })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      let sum = 0;
      for (let i = 0; i < pixels.length; i += info.channels) {
        const [r = 0, g = 0, b = 0] = [pixels[i], pixels[i + 1], pixels[i + 2]];
        sum += Math.max(0, r - Math.max(g, b));
      }
      const porn = Math.min(1, sum / (255 * (pixels.length / info.channels)));
      const scores: NsfwScores = { drawing: 0, hentai: 0, neutral: 1 - porn, porn, sexy: 0 };
      return scores;
    },
  };
}
