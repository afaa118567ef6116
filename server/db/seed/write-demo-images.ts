/**
 * Writes the demo's pictures into public/demo/ (server/db/seed/generate/demo-images.ts):
 * `npx tsx server/db/seed/write-demo-images.ts`. Run after changing the drawings; the seed only
 * names the files.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CLINIC_IMAGE_COUNT,
  clinicImageSvg,
  clinicImageUrl,
  PORTRAIT_COUNT,
  portraitSvg,
  portraitUrl,
} from './generate/demo-images';

const PUBLIC = path.resolve(import.meta.dirname, '../../../public');

async function write(url: string, svg: string) {
  const file = path.join(PUBLIC, url);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${svg}\n`);
}

for (let n = 0; n < PORTRAIT_COUNT; n++) await write(portraitUrl(n), portraitSvg(n));
for (let n = 0; n < CLINIC_IMAGE_COUNT; n++) await write(clinicImageUrl(n), clinicImageSvg(n));
