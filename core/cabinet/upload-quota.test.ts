import { describe, expect, it } from 'vitest';
import { fitsUploadQuota, UPLOAD_QUOTA, UPLOAD_QUOTA_TEXT } from './upload-quota';

const MB = 1024 * 1024;

describe('the upload quota', () => {
  it('100 MB of stored bytes a day per account', () => {
    expect(UPLOAD_QUOTA).toEqual({ bytesPerDay: 100 * MB, windowMs: 86_400_000 });
    expect(UPLOAD_QUOTA_TEXT).toContain('не более 100 МБ за сутки');
  });

  it('lets a file in while the day’s total stays within it', () => {
    expect(fitsUploadQuota(0, 10 * MB)).toBe(true);
    expect(fitsUploadQuota(90 * MB, 10 * MB)).toBe(true);
    expect(fitsUploadQuota(90 * MB, 10 * MB + 1)).toBe(false);
    // Ten scans of 9.9 MB fit; the eleventh does not.
    expect(fitsUploadQuota(10 * 9.9 * MB, 9.9 * MB)).toBe(false);
  });
});
