import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from './precompress';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('precompressFile', () => {
  it('writes brotli and gzip variants that decode to the file', async () => {
    const file = path.join(dir, 'app.js');
    const text = 'const x = 1;\n'.repeat(500);
    await writeFile(file, text);
    expect(await precompressFile(file)).toBe(2);
    expect(zlib.brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(text);
    expect(zlib.gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(text);
    expect((await readFile(`${file}.br`)).length).toBeLessThan((await readFile(`${file}.gz`)).length);
  });

  it('leaves small files, images and fonts alone, and a variant that would not be smaller', async () => {
    const small = path.join(dir, 'small.css');
    await writeFile(small, 'a{color:red}');
    const font = path.join(dir, 'font.woff2');
    await writeFile(font, Buffer.alloc(4096, 7));
    const noise = path.join(dir, 'noise.json');
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + (i >> 3) * 104729) % 256));
    await writeFile(noise, random.toString('base64').slice(0, 1500));
    expect(await precompressFile(small)).toBe(0);
    expect(await precompressFile(font)).toBe(0);
    expect(await exists(`${small}.br`)).toBe(false);
    expect(await exists(`${font}.gz`)).toBe(false);
    // Whatever it wrote for the noise is smaller than the file itself.
    await precompressFile(noise);
    for (const ext of ['.br', '.gz'])
      if (await exists(`${noise}${ext}`))
        expect((await stat(`${noise}${ext}`)).size).toBeLessThan((await stat(noise)).size);
  });
});
