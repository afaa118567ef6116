import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CLINIC_IMAGE_COUNT,
  clinicImageCaption,
  clinicImageSvg,
  clinicImageUrl,
  PORTRAIT_COUNT,
  pickByHash,
  portraitSvg,
  portraitUrl,
} from './demo-images';

const PUBLIC = path.resolve(import.meta.dirname, '../../../../public');

describe('the demo’s drawn pictures', () => {
  it('are the files public/demo/ serves (npx tsx server/db/seed/write-demo-images.ts writes them)', async () => {
    for (let n = 0; n < PORTRAIT_COUNT; n++)
      expect(await readFile(path.join(PUBLIC, portraitUrl(n)), 'utf8')).toBe(`${portraitSvg(n)}\n`);
    for (let n = 0; n < CLINIC_IMAGE_COUNT; n++)
      expect(await readFile(path.join(PUBLIC, clinicImageUrl(n)), 'utf8')).toBe(`${clinicImageSvg(n)}\n`);
  });

  it('draw pictures of the right size, each marked «Демо» and captioned as a drawing', async () => {
    const portrait = await sharp(Buffer.from(portraitSvg(3))).metadata();
    expect([portrait.width, portrait.height]).toEqual([480, 640]);
    const room = await sharp(Buffer.from(clinicImageSvg(5))).metadata();
    expect([room.width, room.height]).toEqual([1200, 800]);
    for (let n = 0; n < PORTRAIT_COUNT; n++) expect(portraitSvg(n)).toContain('>Демо</text>');
    for (let n = 0; n < CLINIC_IMAGE_COUNT; n++) {
      expect(clinicImageSvg(n)).toContain('>Демо</text>');
      expect(clinicImageCaption(n)).toMatch(/\(демонстрационный рисунок\)$/);
    }
    expect(new Set(Array.from({ length: PORTRAIT_COUNT }, (_, n) => portraitSvg(n))).size).toBe(
      PORTRAIT_COUNT,
    );
  });

  it('are picked by the id’s hash: the same id always, every picture used', () => {
    expect(pickByHash(12_345, PORTRAIT_COUNT)).toBe(pickByHash(12_345, PORTRAIT_COUNT));
    const used = new Set(Array.from({ length: 1000 }, (_, id) => pickByHash(id, PORTRAIT_COUNT)));
    expect(used.size).toBe(PORTRAIT_COUNT);
  });
});
