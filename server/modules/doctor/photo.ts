import sharp, { type Metadata } from 'sharp';
import { PROFILE_LIMITS, PROFILE_TEXTS } from '../../../core/doctor/profile-edit';
import { badRequest } from '../../http/errors';

/** What a refused photo tells the form, under its photo field. */
export const photoRefusal = (detail: string) => badRequest(detail, { errors: { photo: detail } });

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

/**
 * A doctor's photo as stored: JPEG, PNG or WebP by its bytes (and by the decoder's own reading),
 * turned upright by its EXIF orientation, fitted into 600 × 800 (never enlarged) and re-encoded
 * as WebP. The output carries no metadata: sharp writes none unless asked (no EXIF, no GPS, no
 * camera), and re-encoding drops anything hidden in the original file.
 */
export async function reencodePhoto(data: Buffer): Promise<Buffer> {
  const sniffed = sniffImage(data);
  if (!sniffed) throw photoRefusal(PROFILE_TEXTS.photoType);
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: 40_000_000 }).metadata();
  } catch {
    throw photoRefusal(PROFILE_TEXTS.photoType);
  }
  if (meta.format !== sniffed) throw photoRefusal(PROFILE_TEXTS.photoType);
  const min = PROFILE_LIMITS.photoMinSide;
  if ((meta.width ?? 0) < min || (meta.height ?? 0) < min) throw photoRefusal(PROFILE_TEXTS.photoSmall);
  try {
    return await sharp(data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({
        width: PROFILE_LIMITS.photoWidth,
        height: PROFILE_LIMITS.photoHeight,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw photoRefusal(PROFILE_TEXTS.photoType);
  }
}
