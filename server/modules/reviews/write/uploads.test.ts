import { randomUUID } from 'node:crypto';
import { readdir, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reviewDocuments } from '../../../db/schema/reviews';
import { createReview } from '../../../db/seed/factories';
import { signedInAs, type TestSession } from '../../../testing/session';
import { NOW, reviewsWorld, TEXT } from '../testing';
import { DOCUMENT_CLEANUP_JOB } from './cleanup';
import { createFileDocumentStore } from './document-store';
import { DOCUMENT_QUOTA, QUOTA_ERRORS } from './limits';

const w = reviewsWorld();
const { ids } = w;

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(size - 5, 7)]);

/** The review form about the clinic as the browser sends it, with these files. */
async function sendReview(patient: TestSession, files: Buffer[], visitMonth = '2026-06') {
  const fd = new FormData();
  fd.set('lpu_id', String(ids.clinic));
  fd.set('text', TEXT);
  for (const s of ['5', '5', '4', '']) fd.append('stars', s);
  fd.set('visit_month', visitMonth);
  for (const [i, file] of files.entries())
    fd.append('documents', new Blob([new Uint8Array(file)]), `${i}.pdf`);
  const body = new Response(fd);
  return patient.inject({
    url: '/api/reviews/',
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type') as string },
  });
}

/** Every file under the documents directory (stored and staged) with its size. */
async function filesOnDisk(): Promise<{ name: string; size: number }[]> {
  const entries = await readdir(w.uploads, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => ({ name: e.name, size: (await stat(path.join(e.parentPath, e.name))).size })),
  );
}

async function keysOfReview(id: number): Promise<string[]> {
  const { rows } = await w.db.execute<{ key: string }>(
    sql`SELECT storage_key AS key FROM review_documents WHERE review_id = ${id} ORDER BY key`,
  );
  return rows.map((r) => r.key);
}

/** Documents the patient attached earlier (a review of the doctor written at `at`). */
async function attachedEarlier(userId: number, sizes: number[], at: Date) {
  const review = await createReview(w.db, { doctorId: ids.other, userId, createdAt: at });
  await w.db.insert(reviewDocuments).values(
    sizes.map((size) => ({
      reviewId: review.id,
      fileName: 'old.pdf',
      mime: 'application/pdf',
      size,
      storageKey: randomUUID(),
    })),
  );
}

describe('review documents on disk', () => {
  it('keeps nothing of refused reviews: six sends of one review with three files keep only its three', async () => {
    const before = await filesOnDisk();
    const patient = await signedInAs(w.app, w.db);
    const files = [pdf(40_000), pdf(50_000), pdf(60_000)];
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await sendReview(patient, files));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 409, 409, 409, 409, 409]);
    const added = (await filesOnDisk()).filter((f) => !before.some((b) => b.name === f.name));
    expect(added.map((f) => f.name).sort()).toEqual(await keysOfReview(answers[0].json().id));
    expect(added.reduce((sum, f) => sum + f.size, 0)).toBe(150_000);
  });

  it('refuses files beyond the daily quota, 429 for their number and 413 for their size, keeping none', async () => {
    const patient = await signedInAs(w.app, w.db);
    const hourAgo = new Date(NOW.getTime() - 3600_000);
    await attachedEarlier(patient.userId, Array(DOCUMENT_QUOTA.files - 2).fill(1000), hourAgo);
    // Attachments older than a day no longer count.
    await attachedEarlier(patient.userId, Array(10).fill(4_000_000), new Date(NOW.getTime() - 25 * 3600_000));
    const before = await filesOnDisk();

    const three = await sendReview(patient, [pdf(1000), pdf(1000), pdf(1000)], '2026-05');
    expect(three.statusCode).toBe(429);
    expect(three.json()).toMatchObject({
      detail: QUOTA_ERRORS.files,
      errors: { documents: QUOTA_ERRORS.files },
    });
    expect(await filesOnDisk()).toEqual(before);
    expect((await sendReview(patient, [pdf(1000), pdf(1000)], '2026-05')).statusCode).toBe(201);

    const other = await signedInAs(w.app, w.db);
    await attachedEarlier(other.userId, [DOCUMENT_QUOTA.bytes - 3_000_000], hourAgo);
    const large = await sendReview(other, [pdf(2_000_000), pdf(1_500_000)], '2026-05');
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ detail: QUOTA_ERRORS.bytes, code: 'too_large' });
    expect((await sendReview(other, [pdf(2_000_000)], '2026-05')).statusCode).toBe(201);
  });

  it('the hourly clean-up job removes orphans older than an hour and keeps referenced and recent files', async () => {
    const patient = await signedInAs(w.app, w.db);
    const saved = await sendReview(patient, [pdf(1000)], '2026-03');
    expect(saved.statusCode).toBe(201);
    const [referenced] = await keysOfReview(saved.json().id);
    const store = createFileDocumentStore(w.uploads);
    const stored = async () => {
      const file = await store.stage(pdf(1000));
      await file.commit();
      return file.key;
    };
    const [orphan, recentOrphan] = [await stored(), await stored()];
    const staleStaged = await store.stage(pdf(1000));
    const recentStaged = await store.stage(pdf(1000));
    const at = async (key: string, staged: boolean, ago: number) => {
      const file = staged
        ? path.join(w.uploads, '.staging', key)
        : path.join(w.uploads, key.slice(0, 2), key);
      const time = new Date(NOW.getTime() - ago);
      await utimes(file, time, time);
    };
    await at(referenced, false, 2 * 3600_000);
    await at(orphan, false, 2 * 3600_000);
    await at(recentOrphan, false, 10 * 60_000);
    await at(staleStaged.key, true, 2 * 3600_000);
    await at(recentStaged.key, true, 10 * 60_000);

    // What the hourly cron tick sends.
    await w.app.jobs.boss.send(DOCUMENT_CLEANUP_JOB, {});
    expect(await w.app.jobs.runDue()).toMatchObject({ done: 1, failed: 0 });

    const left = (await filesOnDisk()).map((f) => f.name);
    expect(left).toContain(referenced);
    expect(left).toContain(recentOrphan);
    expect(left).toContain(recentStaged.key);
    expect(left).not.toContain(orphan);
    expect(left).not.toContain(staleStaged.key);
    // The next run is the cron's, every hour.
    expect(await w.app.jobs.boss.getSchedule(DOCUMENT_CLEANUP_JOB)).toMatchObject({ cron: '0 * * * *' });
  });
});
