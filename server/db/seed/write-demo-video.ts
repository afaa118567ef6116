/**
 * Writes the demo's clinic video, public/demo/videos/clinic-tour.webm (docs/product/demo-data.md):
 * a drawn walk past a reception, a waiting area and the doctors' doors — flat shapes, no person,
 * 'Демо' in its corner and a line saying it is a synthetic clip, never footage of a real clinic.
 * Chromium draws it on a canvas and records it with MediaRecorder (VP8, 640 × 360, 10 s). A
 * recording is not byte-for-byte repeatable, so the file is kept as written, not checked against
 * this script: run `npx tsx server/db/seed/write-demo-video.ts` to draw it again.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../../tools/chromium-path';
import { DEMO_VIDEO_URL } from './generate/demo-images';

const SECONDS = 10;

/** Runs in the page: draws the clip and answers its bytes as base64. */
async function record(seconds: number): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  document.body.append(canvas);
  const g = canvas.getContext('2d') as CanvasRenderingContext2D;
  const recorder = new MediaRecorder(canvas.captureStream(25), {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 200_000,
  });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const stopped = new Promise((resolve) => {
    recorder.onstop = resolve;
  });
  const box = (x: number, y: number, w: number, h: number, colour: string) => {
    g.fillStyle = colour;
    g.fillRect(x, y, w, h);
  };
  const text = (s: string, x: number, y: number, size: number, colour: string) => {
    g.fillStyle = colour;
    g.font = `${size}px sans-serif`;
    g.fillText(s, x, y);
  };
  // The scene is 1,600 px wide; the camera pans across it.
  const scene = (pan: number) => {
    box(0, 0, 640, 360, '#e0f2fe');
    g.save();
    g.translate(-pan, 0);
    box(0, 250, 1600, 110, '#e5e7eb');
    for (let x = 0; x < 1600; x += 80) box(x, 250, 2, 110, '#d1d5db');
    // The reception: a desk, its sign and a screen.
    box(80, 90, 260, 40, '#2563eb');
    text('Регистратура', 120, 118, 22, '#fff');
    box(70, 180, 280, 80, '#f8fafc');
    box(70, 180, 280, 10, '#94a3b8');
    box(250, 150, 50, 32, '#334155');
    // The waiting area: chairs and a plant.
    for (let i = 0; i < 4; i++) {
      box(430 + i * 70, 205, 52, 30, '#0d9488');
      box(430 + i * 70, 235, 6, 22, '#475569');
      box(476 + i * 70, 235, 6, 22, '#475569');
    }
    box(720, 190, 30, 60, '#a16207');
    g.fillStyle = '#16a34a';
    g.beginPath();
    g.arc(735, 175, 34, 0, Math.PI * 2);
    g.fill();
    // The doctors' doors.
    for (let i = 0; i < 4; i++) {
      const x = 860 + i * 180;
      box(x, 110, 100, 142, '#f1f5f9');
      box(x, 110, 100, 6, '#64748b');
      box(x + 80, 180, 8, 8, '#64748b');
      text(`Кабинет ${i + 1}`, x + 6, 100, 18, '#1e3a8a');
    }
    g.restore();
    // The marks: 'Демо' in the corner, and what this is.
    g.globalAlpha = 0.7;
    box(528, 16, 96, 36, '#111827');
    box(0, 318, 640, 42, '#111827');
    g.globalAlpha = 1;
    text('Демо', 553, 41, 20, '#fff');
    text('Синтетический ролик демо-данных, не съёмка клиники', 20, 345, 18, '#fff');
  };
  recorder.start(500);
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const frame = () => {
      const t = (performance.now() - started) / 1000;
      scene(Math.min(1, t / seconds) * (1600 - 640));
      if (t < seconds) requestAnimationFrame(frame);
      else resolve();
    };
    frame();
  });
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  // tsx names the functions it compiles with a helper the page does not have.
  await page.evaluate('window.__name = (f) => f');
  const base64 = await page.evaluate(record, SECONDS);
  const file = join(process.cwd(), 'public', DEMO_VIDEO_URL);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from(base64, 'base64'));
  console.log(`${file}: ${Math.round(base64.length * 0.75)} bytes`);
} finally {
  await browser.close();
}
