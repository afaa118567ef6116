/**
 * The clinic page's media from the cabinet: only the clinic's own account changes them; gallery
 * photos are uploaded, checked by their bytes, re-encoded without EXIF and public at once; removal
 * hides one from the public page (the row stays); every change is audited and drops the cached
 * page. Videos, licences and equipment: clinic-media-records.test.ts.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { clinicPhotos, equipment } from '../../db/schema/clinics';
import { signedInAs } from '../../testing/session';
import { clinicMediaFixture } from './clinic-media-fixture';

const t = clinicMediaFixture();
const { MEDIA, PHOTOS, VIDEOS, IMAGES, LICENCES, EQUIPMENT, gallery, VK, form, cameraJpeg, page, auditOf } =
  t;

describe("the clinic page's media", () => {
  it('are changed by the clinic alone', async () => {
    const jpeg = await cameraJpeg();
    const calls = [
      {
        method: 'POST' as const,
        url: VIDEOS,
        payload: { url: `https://vkvideo.ru/video${VK}`, caption: '' },
      },
      {
        method: 'POST' as const,
        url: LICENCES,
        payload: { number: '1', issuedAt: '2020-01-01', authority: 'X', image: null },
      },
      {
        method: 'POST' as const,
        url: EQUIPMENT,
        payload: { name: 'МРТ', description: '', attributes: [], image: null },
      },
    ];
    expect((await t.app.inject({ url: MEDIA })).statusCode).toBe(401);
    const patient = await signedInAs(t.app, t.database.db, {});
    const doctor = await signedInAs(t.app, t.database.db, { role: 'doctor', doctorId: t.doctorId });
    for (const call of calls) {
      expect((await t.app.inject({ ...call, headers: {} })).statusCode, call.url).toBe(403); // no CSRF token
      const anonymous = await signedInAs(t.app, t.database.db, {});
      expect((await patient.inject(call)).statusCode, call.url).toBe(403);
      const refused = await doctor.inject(call);
      expect(refused.statusCode, call.url).toBe(403);
      expect(refused.json().detail).toBe('Страницу клиники меняет клиника: войдите как клиника');
      expect(anonymous).toBeDefined();
    }
    for (const url of [PHOTOS, IMAGES]) {
      const field = url === PHOTOS ? 'photo' : 'image';
      expect((await patient.inject({ url, ...(await form(field, jpeg)) })).statusCode).toBe(403);
      expect((await doctor.inject({ url, ...(await form(field, jpeg)) })).statusCode).toBe(403);
    }
    expect((await patient.inject({ method: 'GET', url: MEDIA })).statusCode).toBe(403);
    const empty = await t.clinic.inject({ method: 'GET', url: MEDIA });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('private, no-store');
    expect(empty.json()).toMatchObject({
      today: '2026-11-05',
      photos: [],
      videos: [],
      licences: [],
      equipment: [],
    });
    expect(await t.database.db.select().from(clinicPhotos)).toEqual([]);
    expect(await t.database.db.select().from(equipment)).toEqual([]);
  }, 120_000);

  it('take photos checked by their bytes, re-encoded without EXIF, on the page at once', async () => {
    const before = await page(t.ours);
    expect(before.body).not.toContain('/media/clinics/');
    expect((await page(t.ours)).cache).toBe('hit');

    // Whatever the name says, a text file is not a photo; a GIF neither; a tiny one is refused too.
    const text = await t.clinic.inject({
      url: PHOTOS,
      ...(await form('photo', Buffer.from('not a photo'), 'x.jpg')),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      detail: 'Загрузите изображение в формате JPEG, PNG или WebP',
      errors: { photo: 'Загрузите изображение в формате JPEG, PNG или WebP' },
    });
    const gif = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    expect((await t.clinic.inject({ url: PHOTOS, ...(await form('photo', gif, 'x.png')) })).statusCode).toBe(
      400,
    );
    const tiny = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const small = await t.clinic.inject({ url: PHOTOS, ...(await form('photo', tiny, 'x.png')) });
    expect(small.statusCode).toBe(400);
    expect(small.json().detail).toMatch(/слишком маленькое/);
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024 + 10, 1)]);
    const tooBig = await t.clinic.inject({ url: PHOTOS, ...(await form('photo', huge)) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe('Файл больше 10 МБ: уменьшите его и загрузите снова');
    const none = await t.clinic.inject({ url: PHOTOS, payload: { caption: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('Выберите файл с изображением');
    const longCaption = await t.clinic.inject({
      url: PHOTOS,
      ...(await form('photo', await cameraJpeg(), 'a.jpg', { caption: 'я'.repeat(201) })),
    });
    expect(longCaption.statusCode).toBe(400);
    expect(longCaption.json().detail).toBe('Подпись — не больше 200 символов');
    expect(await t.database.db.select().from(clinicPhotos)).toEqual([]);

    const input = await cameraJpeg();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const added = await t.clinic.inject({
      url: PHOTOS,
      ...(await form('photo', input, 'a.jpg', { caption: '  Холл  ' })),
    });
    expect(added.statusCode).toBe(201);
    const [photo] = added.json().photos;
    expect(photo.caption).toBe('Холл');
    expect(photo.src).toMatch(/^\/media\/clinics\/[0-9a-f]{32}\.webp$/);

    // The stored image: WebP, upright, inside 1600 × 1200, no EXIF; public and cached a year.
    const served = await t.app.inject({ url: photo.src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['set-cookie']).toBeUndefined();
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([800, 1200]);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Camera Owner'))).toBe(false);
    expect(
      (await t.app.inject({ url: '/media/clinics/0123456789abcdef0123456789abcdef.webp' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/media/clinics/..%2F..%2Fetc.webp' })).statusCode).toBe(404);

    // The same photo twice (a double press) is kept once.
    const again = await t.clinic.inject({ url: PHOTOS, ...(await form('photo', input, 'a.jpg')) });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Эта фотография уже есть в галерее');

    const after = await page(t.ours);
    expect(after.cache).toBe('miss');
    expect(after.body).toContain(photo.src);
    expect(after.body).toContain('alt="Холл"');
    expect(
      (await auditOf('clinic.photo.added')).map((a) => [a.targetType, a.targetId, a.userId !== null]),
    ).toEqual([['clinic_photos', photo.id, true]]);
  }, 120_000);

  it('order, caption and remove photos; a stale or foreign id is a 404', async () => {
    const second = await t.clinic.inject({
      url: PHOTOS,
      ...(await form('photo', await cameraJpeg({ r: 10, g: 200, b: 10 }), 'b.png', {
        caption: 'Кабинет УЗИ',
      })),
    });
    expect(second.statusCode).toBe(201);
    const [first, next] = second.json().photos;
    expect(next.caption).toBe('Кабинет УЗИ');

    const moved = await t.clinic.inject({ url: gallery(next.id, 'move/'), payload: { direction: 'up' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().photos.map((p: { id: number }) => p.id)).toEqual([next.id, first.id]);
    // Already first: nothing changes, nothing is audited.
    const top = await t.clinic.inject({ url: gallery(next.id, 'move/'), payload: { direction: 'up' } });
    expect(top.json().photos.map((p: { id: number }) => p.id)).toEqual([next.id, first.id]);
    expect((await auditOf('clinic.photo.moved')).length).toBe(1);
    expect(
      (await t.clinic.inject({ url: gallery(next.id, 'move/'), payload: { direction: 'left' } })).statusCode,
    ).toBe(400);

    const captioned = await t.clinic.inject({ url: gallery(first.id), payload: { caption: 'Вход' } });
    expect(captioned.json().photos.find((p: { id: number }) => p.id === first.id).caption).toBe('Вход');
    expect((await t.clinic.inject({ url: gallery(first.id), payload: { caption: 5 } })).statusCode).toBe(400);
    expect((await t.clinic.inject({ url: gallery(first.id), payload: 'garbage' })).statusCode).toBe(415);

    // Another clinic cannot touch them; an id that never was is a 404 too.
    for (const req of [
      { url: gallery(first.id), payload: { caption: 'Чужое' } },
      { url: gallery(first.id, 'move/'), payload: { direction: 'down' } },
      { method: 'DELETE' as const, url: gallery(first.id) },
    ]) {
      const refused = await t.stranger.inject(req);
      expect(refused.statusCode, req.url).toBe(404);
      expect(refused.json().detail).toBe('Такой фотографии или видео нет');
    }
    expect((await t.clinic.inject({ method: 'DELETE', url: gallery(999_999) })).statusCode).toBe(404);
    expect((await t.clinic.inject({ method: 'DELETE', url: gallery(0) })).statusCode).toBe(404);
    expect((await t.clinic.inject({ method: 'DELETE', url: `${MEDIA}gallery/abc/` })).statusCode).toBe(404);

    const shown = await page(t.ours);
    expect(shown.body.indexOf(next.src)).toBeLessThan(shown.body.indexOf(first.src));
    expect((await page(t.ours)).cache).toBe('hit');

    const removed = await t.clinic.inject({ method: 'DELETE', url: gallery(first.id) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().photos.map((p: { id: number }) => p.id)).toEqual([next.id]);
    // Removed once is gone: a second removal is a 404; the row stays, marked.
    expect((await t.clinic.inject({ method: 'DELETE', url: gallery(first.id) })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(clinicPhotos).where(eq(clinicPhotos.id, first.id));
    expect(row.removedAt).toEqual(new Date('2026-11-05T09:00:00Z'));
    const after = await page(t.ours);
    expect(after.cache).toBe('miss');
    expect(after.body).not.toContain(first.src);
    expect(after.body).toContain(next.src);
    expect((await auditOf('clinic.photo.removed')).map((a) => a.before)).toEqual([
      { src: first.src, caption: 'Вход' },
    ]);
  }, 120_000);

  it('keep one photo when the same upload is sent twice at once', async () => {
    const jpeg = await cameraJpeg({ r: 1, g: 2, b: 3 });
    const [x, y] = await Promise.all([
      t.clinic.inject({ url: PHOTOS, ...(await form('photo', jpeg)) }),
      t.clinic.inject({ url: PHOTOS, ...(await form('photo', jpeg)) }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    const photos = (await t.clinic.inject({ method: 'GET', url: MEDIA })).json().photos;
    expect(photos.length).toBe(2);
    const sorts = (
      await t.database.db.select().from(clinicPhotos).where(eq(clinicPhotos.clinicId, t.ours.id))
    )
      .filter((r) => r.removedAt === null)
      .map((r) => r.sort);
    expect(new Set(sorts).size).toBe(sorts.length);
  }, 120_000);
});
