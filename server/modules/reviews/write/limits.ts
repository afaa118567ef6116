/**
 * How much one patient may attach to reviews in 24 hours, counted over the documents of the
 * reviews they wrote in that time (whatever moderation did with them: the files stay on disk).
 * Three files of 5 MB per review (core/reviews/write.ts) makes this about six reviews a day
 * with full attachments, far beyond an honest patient's needs.
 */
export const DOCUMENT_QUOTA = {
  windowMs: 24 * 3600 * 1000,
  files: 20,
  bytes: 50 * 1024 * 1024,
} as const;

export const QUOTA_ERRORS = {
  files: `За сутки можно приложить к отзывам не больше ${DOCUMENT_QUOTA.files} файлов. Попробуйте завтра или отправьте отзыв без документов`,
  bytes: `За сутки можно приложить к отзывам не больше ${DOCUMENT_QUOTA.bytes / 1024 / 1024} МБ файлов. Попробуйте завтра или отправьте отзыв без документов`,
} as const;

/** Stored documents with no review row, and staged uploads, are removed once they are this old. */
export const ORPHAN_DOCUMENT_AGE_MS = 3600 * 1000;
