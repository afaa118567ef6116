import { PROFILE_LIMITS, PROFILE_TEXTS } from '../../../core/doctor/profile-edit';
import { badRequest } from '../../http/errors';
import { reencodeImage } from '../../media/image';

/** What a refused photo tells the form, under its photo field. */
export const photoRefusal = (detail: string) => badRequest(detail, { errors: { photo: detail } });

/**
 * A doctor's photo as stored (server/media/image.ts): JPEG, PNG or WebP by its bytes, upright,
 * fitted into 600 × 800 and re-encoded as WebP without any metadata.
 */
export const reencodePhoto = (data: Buffer): Promise<Buffer> =>
  reencodeImage(data, {
    width: PROFILE_LIMITS.photoWidth,
    height: PROFILE_LIMITS.photoHeight,
    minSide: PROFILE_LIMITS.photoMinSide,
    refuse: (problem) =>
      photoRefusal(problem === 'small' ? PROFILE_TEXTS.photoSmall : PROFILE_TEXTS.photoType),
  });
