import path from 'node:path';
import { clinicMediaUrl } from '../../../core/clinic/media';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { JobHandler } from '../../jobs/queue';
import { hashOfMediaName } from '../../media/store';
import { bytesUnder, sweepOrphans } from '../../media/sweep';
import { sweepDocumentFiles } from '../doctor/documents-cleanup';
import { createClinicMediaRepo } from './clinic-media-repo';

/**
 * The hourly sweep of the cabinet's uploads nothing names (docs/product/cabinet.md): clinic
 * images (a licence scan or equipment picture uploaded for a form never saved, a photo whose
 * row was refused) and doctors' scans whose row was never written, plus half-written
 * temporaries, each once it is an hour old: a form may still name a younger upload. A pg-boss
 * cron schedule, one run at a time (server/jobs/kinds.ts).
 */
export const UPLOAD_CLEANUP_JOB = 'cabinet.clean-up-uploads';
export const ORPHAN_UPLOAD_AGE_MS = 3600 * 1000;

export async function cleanUpUploads(
  db: Db,
  dirs: { clinicMedia: string; doctorDocuments: string },
  now: Date,
) {
  const before = new Date(now.getTime() - ORPHAN_UPLOAD_AGE_MS);
  const media = createClinicMediaRepo();
  const clinicMedia = await sweepOrphans({
    dir: dirs.clinicMedia,
    before,
    keyOf: (name) => {
      const hash = hashOfMediaName(name);
      return hash === null ? null : clinicMediaUrl(hash);
    },
    named: (srcs) => media.namedImages(db, srcs),
  });
  const doctorDocuments = await sweepDocumentFiles(db, dirs.doctorDocuments, before);
  return { clinicMedia, doctorDocuments };
}

/**
 * The stored uploads' total a disk alarm watches: over this many bytes the hourly sweep logs a
 * warning (UPLOADS_ALARM_BYTES in the environment; 20 GiB by default: 200 days of the whole
 * site's quota-sized uploads of one account). The total itself is logged every run ('stored
 * uploads', `storedBytes`), for a log-based metric.
 */
export const UPLOADS_ALARM_BYTES = Number(process.env.UPLOADS_ALARM_BYTES) || 20 * 1024 ** 3;

/**
 * Every folder of uploads beside the clinic images': review documents, doctors' photos and
 * scans, clinics' images (DATA_DIR/*, server/services.ts).
 */
export const uploadFolders = (dirs: { clinicMedia: string; doctorDocuments: string }) => {
  const data = path.dirname(dirs.clinicMedia);
  return [
    dirs.clinicMedia,
    dirs.doctorDocuments,
    path.join(data, 'doctor-photos'),
    path.join(data, 'review-documents'),
  ];
};

export function createUploadCleanupHandlers({
  db,
  clock,
  dirs,
  log,
  alarmBytes = UPLOADS_ALARM_BYTES,
}: {
  db: Db;
  clock: Clock;
  dirs: { clinicMedia: string; doctorDocuments: string };
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  alarmBytes?: number;
}): Record<typeof UPLOAD_CLEANUP_JOB, JobHandler> {
  return {
    async [UPLOAD_CLEANUP_JOB]() {
      const removed = await cleanUpUploads(db, dirs, clock.now());
      const count = Object.values(removed).reduce((n, r) => n + r.orphans + r.temporaries, 0);
      if (count > 0) log.info(removed, 'orphaned cabinet uploads removed');
      const storedBytes = await bytesUnder(uploadFolders(dirs));
      if (storedBytes > alarmBytes) log.warn({ storedBytes, alarmBytes }, 'stored uploads over the alarm');
      else log.info({ storedBytes }, 'stored uploads');
    },
  };
}
