/**
 * The cabinet's upload quota (docs/security.md, 'Uploads without quota'): what one account may
 * keep on the server's disk in a day, counted in stored bytes (after re-encoding) over every
 * upload of the cabinet: a doctor's document scans and photos, a clinic's gallery photos,
 * licence scans and equipment pictures.
 *
 * 100 MB a day: a doctor's three scans (10 MB each at most) and a photo, or a clinic's whole
 * gallery re-encoded (a photo is well under 1 MB once fitted), fit many times over; an account
 * uploading 10 MB files in a loop stops after ten of them instead of filling the disk (25 × 9.9 MB
 * scans kept 248 MB before).
 */
export const UPLOAD_QUOTA = {
  bytesPerDay: 100 * 1024 * 1024,
  windowMs: 24 * 3600 * 1000,
} as const;

/** In the style of the size refusals ('Файл больше 10 МБ: уменьшите его и загрузите снова'). */
export const UPLOAD_QUOTA_TEXT =
  'Загружено слишком много файлов: не более 100 МБ за сутки. Загрузите файл позже';

/** Whether `adding` bytes still fit beside the `used` ones of the last day. */
export const fitsUploadQuota = (used: number, adding: number) => used + adding <= UPLOAD_QUOTA.bytesPerDay;
