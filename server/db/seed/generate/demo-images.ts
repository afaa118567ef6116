/**
 * The demo's pictures (docs/product/demo-data.md): doctors' portraits and clinics' gallery photos,
 * drawn, never photographed — an abstract figure in a white coat, a flat interior — each marked
 * 'Демо'. A small set, kept as files in public/demo/ (`npx tsx server/db/seed/write-demo-images.ts` writes them; a test
 * checks the files are what this draws) and shared by every doctor and clinic by number, so the
 * `large` set's 120,000 doctors add no file.
 */

export const PORTRAIT_COUNT = 24;
export const CLINIC_IMAGE_COUNT = 12;

/** Where the files are served from (public/demo/…). */
export const portraitUrl = (n: number) => `/demo/portraits/${String(n + 1).padStart(2, '0')}.svg`;
export const clinicImageUrl = (n: number) => `/demo/clinics/${String(n + 1).padStart(2, '0')}.svg`;
/**
 * The demo's one clinic video (server/db/seed/write-demo-video.ts draws it): a synthetic clip on
 * some demo clinics' pages, served from the site itself, as no video host is reachable offline.
 */
export const DEMO_VIDEO_URL = '/demo/videos/clinic-tour.webm';
export const DEMO_VIDEO_CAPTION = 'Прогулка по клинике (демонстрационный ролик, нарисован)';

const BACKGROUNDS = ['#dbeafe', '#dcfce7', '#fef3c7', '#fce7f3', '#e0e7ff', '#ccfbf1'];
const FIGURES = ['#94a3b8', '#a8a29e', '#a1a1aa', '#9ca3af'];
const ACCENTS = ['#2563eb', '#059669', '#d97706', '#db2777', '#4f46e5', '#0d9488'];

/** The 'Демо' mark every picture carries in its corner. */
function demoMark(x: number, y: number): string {
  return (
    `<rect x="${x}" y="${y}" width="96" height="36" rx="8" fill="#111827" fill-opacity="0.7"/>` +
    `<text x="${x + 48}" y="${y + 25}" font-family="sans-serif" font-size="20" fill="#fff" text-anchor="middle">Демо</text>`
  );
}

/**
 * Portrait `n` (0…PORTRAIT_COUNT − 1), 480 × 640: a faceless head and shoulders in a white coat
 * with a stethoscope, on a plain colour. No features: it is plainly not a person.
 */
export function portraitSvg(n: number): string {
  const bg = BACKGROUNDS[n % BACKGROUNDS.length];
  const figure = FIGURES[Math.floor(n / BACKGROUNDS.length) % FIGURES.length];
  const accent = ACCENTS[(n * 5) % ACCENTS.length];
  const head = 92 + (n % 3) * 6;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640" viewBox="0 0 480 640">',
    '<title>Демонстрационный портрет: рисунок, не фотография</title>',
    `<rect width="480" height="640" fill="${bg}"/>`,
    `<circle cx="240" cy="250" r="${head}" fill="${figure}"/>`,
    `<rect x="212" y="${250 + head - 10}" width="56" height="60" fill="${figure}"/>`,
    '<path d="M60 640 C60 470 140 400 240 400 C340 400 420 470 420 640 Z" fill="#ffffff"/>',
    '<path d="M240 400 L205 640 M240 400 L275 640" stroke="#e5e7eb" stroke-width="6"/>',
    `<path d="M195 420 C180 500 200 540 240 545 C280 540 300 500 285 420" fill="none" stroke="${accent}" stroke-width="8"/>`,
    `<circle cx="240" cy="548" r="14" fill="${accent}"/>`,
    demoMark(368, 16),
    '</svg>',
  ].join('');
}

const ROOMS = ['Холл', 'Зона ожидания', 'Кабинет врача', 'Процедурный кабинет'] as const;

/** The caption of clinic picture `n`: what the drawing shows, and that it is a drawing. */
export const clinicImageCaption = (n: number) => `${ROOMS[n % ROOMS.length]} (демонстрационный рисунок)`;

/**
 * Clinic picture `n` (0…CLINIC_IMAGE_COUNT − 1), 1200 × 800: a flat interior (a wall, a floor, a
 * window, the room's furniture) in one of three colour schemes.
 */
export function clinicImageSvg(n: number): string {
  const room = n % ROOMS.length;
  const scheme = Math.floor(n / ROOMS.length) % 3;
  const wall = ['#e0f2fe', '#f0fdf4', '#fdf4ff'][scheme];
  const floor = ['#cbd5e1', '#d6d3d1', '#d4d4d8'][scheme];
  const accent = ACCENTS[(n * 7) % ACCENTS.length];
  const furniture = [
    // Холл: a reception desk and a sign.
    `<rect x="380" y="470" width="440" height="140" rx="12" fill="${accent}"/><rect x="380" y="450" width="440" height="28" rx="8" fill="#f8fafc"/><rect x="480" y="150" width="240" height="60" rx="10" fill="#ffffff"/><rect x="510" y="172" width="180" height="16" rx="8" fill="${accent}"/>`,
    // Зона ожидания: a row of chairs and a plant.
    `${[0, 1, 2, 3].map((i) => `<rect x="${300 + i * 130}" y="480" width="100" height="70" rx="14" fill="${accent}"/><rect x="${300 + i * 130}" y="420" width="100" height="70" rx="14" fill="${accent}" fill-opacity="0.75"/>`).join('')}<rect x="880" y="480" width="70" height="90" rx="8" fill="#92400e"/><circle cx="915" cy="440" r="60" fill="#16a34a"/>`,
    // Кабинет врача: a desk, a chair and a screen.
    `<rect x="320" y="460" width="520" height="30" rx="6" fill="#f8fafc"/><rect x="340" y="490" width="20" height="120" fill="#94a3b8"/><rect x="800" y="490" width="20" height="120" fill="#94a3b8"/><rect x="520" y="360" width="160" height="100" rx="8" fill="#1f2937"/><rect x="880" y="430" width="110" height="110" rx="16" fill="${accent}"/>`,
    // Процедурный кабинет: a couch and a cabinet.
    `<rect x="260" y="470" width="480" height="60" rx="20" fill="${accent}"/><rect x="280" y="530" width="20" height="80" fill="#94a3b8"/><rect x="700" y="530" width="20" height="80" fill="#94a3b8"/><rect x="820" y="300" width="200" height="310" rx="10" fill="#f8fafc" stroke="#cbd5e1" stroke-width="6"/><line x1="920" y1="300" x2="920" y2="610" stroke="#cbd5e1" stroke-width="6"/>`,
  ][room];
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">',
    `<title>${clinicImageCaption(n)}</title>`,
    `<rect width="1200" height="800" fill="${wall}"/>`,
    `<rect y="600" width="1200" height="200" fill="${floor}"/>`,
    '<rect x="80" y="120" width="220" height="300" rx="8" fill="#bae6fd" stroke="#ffffff" stroke-width="14"/>',
    '<line x1="190" y1="120" x2="190" y2="420" stroke="#ffffff" stroke-width="10"/>',
    furniture,
    demoMark(1080, 20),
    '</svg>',
  ].join('');
}

/** A number's stable pick among `count` (the same doctor always gets the same portrait). */
export function pickByHash(id: number, count: number): number {
  let h = (id ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) % count;
}
