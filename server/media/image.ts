import type { Metadata } from 'sharp';

/** The format the bytes themselves say (never the file's name or the browser's type). */
export function sniffImage(data: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

/** Why an upload is not an image we keep: not JPEG/PNG/WebP by its bytes, or too small. */
export type ImageProblem = 'type' | 'small';

export interface ImageFit {
  /** The box the stored image fits into (never enlarged). */
  width: number;
  height: number;
  /** The shortest side the upload may have. */
  minSide: number;
  /** Turns a problem into the caller's refusal (its texts, its form field). */
  refuse: (problem: ImageProblem) => Error;
}

/**
 * An uploaded image as stored: JPEG, PNG or WebP by its bytes (and by the decoder's own reading),
 * turned upright by its EXIF orientation, fitted into the box and re-encoded as WebP. The output
 * carries no metadata: sharp writes none unless asked (no EXIF, no GPS, no camera), and
 * re-encoding drops anything hidden in the original file.
 */
export async function reencodeImage(data: Buffer, fit: ImageFit): Promise<Buffer> {
  const sniffed = sniffImage(data);
  if (!sniffed) throw fit.refuse('type');
  // libvips loads with the first upload, not with every process: uploads are rare, its RSS is not.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: 40_000_000 }).metadata();
  } catch {
    throw fit.refuse('type');
  }
  if (meta.format !== sniffed) throw fit.refuse('type');
  if ((meta.width ?? 0) < fit.minSide || (meta.height ?? 0) < fit.minSide) throw fit.refuse('small');
  try {
    return await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: fit.width, height: fit.height, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw fit.refuse('type');
  }
}
