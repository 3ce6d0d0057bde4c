// Renders the shipped drawings of test/fixtures/harmless-photos (issue: explicit photos) from SVG with sharp.
import sharp from 'sharp';

const dir = new URL('../test/fixtures/harmless-photos/', import.meta.url);
const svg = (body: string, bg: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><rect width="480" height="480" fill="${bg}"/>${body}</svg>`;
const drawings: Record<string, string> = {
  'drawing-house': svg(
    '<circle cx="390" cy="90" r="50" fill="#ffd23f"/><rect x="120" y="220" width="220" height="180" fill="#c0392b"/><polygon points="100,230 230,120 360,230" fill="#6d4c41"/><rect x="210" y="310" width="50" height="90" fill="#4e342e"/><rect y="400" width="480" height="80" fill="#4caf50"/>',
    '#8fd3ff',
  ),
  'drawing-flowers': svg(
    [60, 160, 260, 360]
      .map(
        (x, i) =>
          `<line x1="${x + 30}" y1="260" x2="${x + 30}" y2="440" stroke="#2e7d32" stroke-width="8"/><circle cx="${x + 30}" cy="240" r="40" fill="${['#e91e63', '#ff9800', '#9c27b0', '#f44336'][i]}"/><circle cx="${x + 30}" cy="240" r="14" fill="#ffeb3b"/>`,
      )
      .join(''),
    '#fffde7',
  ),
  'drawing-face': svg(
    '<circle cx="240" cy="240" r="160" fill="#ffcc80"/><circle cx="185" cy="200" r="18" fill="#333"/><circle cx="295" cy="200" r="18" fill="#333"/><path d="M160 290 Q240 370 320 290" stroke="#333" stroke-width="10" fill="none"/><path d="M90 170 Q240 20 390 170" stroke="#6d4c41" stroke-width="30" fill="none"/>',
    '#e3f2fd',
  ),
  'drawing-mountains': svg(
    '<polygon points="0,400 150,150 300,400" fill="#607d8b"/><polygon points="180,400 330,100 480,400" fill="#455a64"/><polygon points="300,160 330,100 360,160" fill="#fff"/><rect y="400" width="480" height="80" fill="#689f38"/><circle cx="80" cy="80" r="40" fill="#fff59d"/>',
    '#b3e5fc',
  ),
  'drawing-boat': svg(
    '<rect y="300" width="480" height="180" fill="#1565c0"/><polygon points="140,300 340,300 310,350 170,350" fill="#795548"/><line x1="240" y1="120" x2="240" y2="300" stroke="#333" stroke-width="6"/><polygon points="245,130 245,290 350,290" fill="#fafafa"/><circle cx="400" cy="80" r="35" fill="#ffca28"/>',
    '#81d4fa',
  ),
  'drawing-cat': svg(
    '<ellipse cx="240" cy="320" rx="120" ry="100" fill="#9e9e9e"/><circle cx="240" cy="190" r="90" fill="#9e9e9e"/><polygon points="170,130 180,60 220,110" fill="#9e9e9e"/><polygon points="310,130 300,60 260,110" fill="#9e9e9e"/><circle cx="210" cy="180" r="12" fill="#2e7d32"/><circle cx="270" cy="180" r="12" fill="#2e7d32"/><polygon points="232,210 248,210 240,222" fill="#f48fb1"/>',
    '#fff3e0',
  ),
  'drawing-chart': svg(
    '<line x1="60" y1="420" x2="440" y2="420" stroke="#333" stroke-width="4"/><line x1="60" y1="60" x2="60" y2="420" stroke="#333" stroke-width="4"/><rect x="100" y="300" width="50" height="120" fill="#42a5f5"/><rect x="190" y="200" width="50" height="220" fill="#66bb6a"/><rect x="280" y="250" width="50" height="170" fill="#ffa726"/><rect x="370" y="120" width="50" height="300" fill="#ab47bc"/>',
    '#ffffff',
  ),
  'drawing-tree': svg(
    '<rect x="220" y="260" width="40" height="160" fill="#6d4c41"/><circle cx="240" cy="200" r="110" fill="#388e3c"/><circle cx="180" cy="230" r="60" fill="#43a047"/><circle cx="300" cy="230" r="60" fill="#43a047"/><rect y="420" width="480" height="60" fill="#8bc34a"/>',
    '#e1f5fe',
  ),
};
for (const [name, body] of Object.entries(drawings)) {
  await sharp(Buffer.from(body))
    .jpeg({ quality: 85 })
    .toFile(new URL(`${name}.jpg`, dir).pathname);
}
console.log(`rendered ${Object.keys(drawings).length} drawings`);
