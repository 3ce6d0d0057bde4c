import { createNsfwScorer } from '../src/nsfw/nsfw-model.js';
import sharp from 'sharp';
const s = createNsfwScorer();
const img = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#88aadd' } }).jpeg().toBuffer();
let t = performance.now();
console.log(await s.score(img), performance.now() - t);
for (let i = 0; i < 5; i++) { t = performance.now(); await s.score(img); console.log(performance.now() - t); }
console.log(process.memoryUsage().rss / 1e6);
