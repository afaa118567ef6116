/**
 * The hourly sweep of cabinet uploads: a clinic image or a doctor's scan no row names goes once
 * it is an hour old, with half-written temporaries; what a row names (removed rows included)
 * and anything younger stays.
 */
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicMediaUrl } from '../../../core/clinic/media';
import type { Database } from '../../db/client';
import { clinicLicences, clinicPhotos } from '../../db/schema/clinics';
import { doctorDocuments } from '../../db/schema/profile';
import { createClinic, createDoctor, createTown, createUser } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { createDocumentFiles } from '../doctor/document-file';
import { createClinicMediaStore } from './clinic-media-store';
import {
  cleanUpUploads,
  createUploadCleanupHandlers,
  ORPHAN_UPLOAD_AGE_MS,
  UPLOAD_CLEANUP_JOB,
} from './upload-cleanup';

const NOW = new Date('2026-11-28T12:00:00Z');
const OLD = new Date(NOW.getTime() - ORPHAN_UPLOAD_AGE_MS - 60_000);
const YOUNG = new Date(NOW.getTime() - ORPHAN_UPLOAD_AGE_MS + 60_000);

let database: Database;
let root: string;
let dirs: { clinicMedia: string; doctorDocuments: string };

beforeAll(async () => {
  database = await openTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), 'upload-cleanup-'));
  dirs = {
    clinicMedia: path.join(root, 'clinic-media'),
    doctorDocuments: path.join(root, 'doctor-documents'),
  };
});

afterAll(async () => {
  await database?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Every file name under a folder, at any depth. */
async function namesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
}

const bytes = (label: string) => Buffer.from(`${label} ${Math.random()}`);
const fileOf = (dir: string, name: string) => path.join(dir, name.slice(0, 2), name);
const age = (file: string, at: Date) => utimes(file, at, at);

describe('the sweep of cabinet uploads', () => {
  it('removes old clinic images and scans no row names, and keeps named and young ones', async () => {
    const db = database.db;
    const town = await createTown(db);
    const clinic = await createClinic(db, { townId: town.id });
    const media = createClinicMediaStore(dirs.clinicMedia);
    const publicDir = path.join(dirs.clinicMedia, 'public');
    const [photo, removedLicence, orphan, youngOrphan] = await Promise.all(
      ['photo', 'licence', 'orphan', 'young'].map((l) => media.save(bytes(l))),
    );
    await db.insert(clinicPhotos).values({ clinicId: clinic.id, src: clinicMediaUrl(photo) });
    await db.insert(clinicLicences).values({
      clinicId: clinic.id,
      number: 'Л041-01137-77/00368419',
      issuedAt: '2020-01-01',
      authority: 'Департамент здравоохранения',
      imageUrl: clinicMediaUrl(removedLicence),
      removedAt: NOW,
    });
    for (const hash of [photo, removedLicence, orphan]) await age(fileOf(publicDir, `${hash}.webp`), OLD);
    await age(fileOf(publicDir, `${youngOrphan}.webp`), YOUNG);
    // A write cut short leaves its temporary; an unknown name is not ours to remove.
    const shard = path.join(publicDir, orphan.slice(0, 2));
    await writeFile(path.join(shard, `${orphan}.webp.1.abc.tmp`), 'half');
    await age(path.join(shard, `${orphan}.webp.1.abc.tmp`), OLD);
    await writeFile(path.join(shard, 'notes.txt'), 'keep');
    await age(path.join(shard, 'notes.txt'), OLD);

    const files = createDocumentFiles(dirs.doctorDocuments);
    const doctor = await createDoctor(db, { townId: town.id, clinicIds: [clinic.id] });
    const author = await createUser(db, { role: 'doctor', doctorId: doctor.id });
    const [scan, lostScan] = await Promise.all([
      files.save(bytes('scan'), 'pdf'),
      files.save(bytes('lost'), 'webp'),
    ]);
    await db.insert(doctorDocuments).values({
      doctorId: doctor.id,
      authorId: author.id,
      kind: 'education',
      file: scan,
      status: 'rejected',
      createdAt: NOW,
    });
    for (const name of [scan, lostScan]) await age(fileOf(dirs.doctorDocuments, name), OLD);
    await mkdir(path.join(dirs.doctorDocuments, 'zz'), { recursive: true });
    await writeFile(path.join(dirs.doctorDocuments, 'zz', 'x.pdf.2.def.tmp'), 'half');
    await age(path.join(dirs.doctorDocuments, 'zz', 'x.pdf.2.def.tmp'), YOUNG);

    const removed = await cleanUpUploads(db, dirs, NOW);
    expect(removed).toEqual({
      clinicMedia: { orphans: 1, temporaries: 1 },
      doctorDocuments: { orphans: 1, temporaries: 0 },
    });
    expect(await namesUnder(dirs.clinicMedia)).toEqual(
      [`${photo}.webp`, `${removedLicence}.webp`, `${youngOrphan}.webp`, 'notes.txt'].sort(),
    );
    expect(await namesUnder(dirs.doctorDocuments)).toEqual([scan, 'x.pdf.2.def.tmp'].sort());
    expect(await media.has(photo)).toBe(true);

    // A second run finds nothing more.
    expect(await cleanUpUploads(db, dirs, NOW)).toEqual({
      clinicMedia: { orphans: 0, temporaries: 0 },
      doctorDocuments: { orphans: 0, temporaries: 0 },
    });
  });

  it('does nothing when the folders are not there yet', async () => {
    const none = { clinicMedia: path.join(root, 'none-1'), doctorDocuments: path.join(root, 'none-2') };
    expect(await cleanUpUploads(database.db, none, NOW)).toEqual({
      clinicMedia: { orphans: 0, temporaries: 0 },
      doctorDocuments: { orphans: 0, temporaries: 0 },
    });
  });

  it('logs the stored uploads’ total each run, and a warning over the alarm', async () => {
    const there = await mkdtemp(path.join(tmpdir(), 'upload-total-'));
    const alarmDirs = {
      clinicMedia: path.join(there, 'clinic-media'),
      doctorDocuments: path.join(there, 'doctor-documents'),
    };
    await createClinicMediaStore(alarmDirs.clinicMedia).save(Buffer.alloc(3000, 1));
    await createDocumentFiles(alarmDirs.doctorDocuments).save(Buffer.alloc(2000, 2), 'pdf');
    await mkdir(path.join(there, 'doctor-photos'), { recursive: true });
    await writeFile(path.join(there, 'doctor-photos', 'a.webp'), Buffer.alloc(1000, 3));
    const lines: { level: string; obj: object; msg: string }[] = [];
    const log = {
      info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
      warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
    };
    const run = (alarmBytes: number) =>
      createUploadCleanupHandlers({
        db: database.db,
        clock: { now: () => NOW },
        dirs: alarmDirs,
        log,
        alarmBytes,
      })[UPLOAD_CLEANUP_JOB]({} as never);
    await run(10_000);
    expect(lines.at(-1)).toEqual({ level: 'info', obj: { storedBytes: 6000 }, msg: 'stored uploads' });
    await run(5000);
    expect(lines.at(-1)).toEqual({
      level: 'warn',
      obj: { storedBytes: 6000, alarmBytes: 5000 },
      msg: 'stored uploads over the alarm',
    });
    await rm(there, { recursive: true, force: true });
  });
});
