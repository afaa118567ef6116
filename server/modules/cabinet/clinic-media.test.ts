/**
 * The clinic page's media from the cabinet: gallery photos (uploaded, checked by their bytes,
 * re-encoded without EXIF, public at once), video links of VK Video or RuTube, licences and
 * equipment. Only the clinic's own account changes them; removal hides an item from the public
 * page (the row stays); every change is audited and drops the cached page.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { fixedClock } from '../../clock';
import type { Database } from '../../db/client';
import { cabinetAudit } from '../../db/schema/cabinet';
import { clinicLicences, clinicPhotos, equipment } from '../../db/schema/clinics';
import { createClinic, createDoctor, createTown } from '../../db/seed/factories';
import { openTestDatabase } from '../../testing/database';
import { openPageBuild } from '../../testing/pages';
import { signedInAs, type TestSession } from '../../testing/session';

let database: Database;
let pages: Awaited<ReturnType<typeof openPageBuild>>;
let app: FastifyInstance;
let ours: { id: number; slug: string };
let other: { id: number; slug: string };
let doctorId: number;
let clinic: TestSession;
let stranger: TestSession;

const MEDIA = '/cabinet/ajax/clinic/media/';
const PHOTOS = `${MEDIA}photos/`;
const VIDEOS = `${MEDIA}videos/`;
const IMAGES = `${MEDIA}images/`;
const LICENCES = `${MEDIA}licences/`;
const EQUIPMENT = `${MEDIA}equipment/`;
const gallery = (id: number, tail = '') => `${MEDIA}gallery/${id}/${tail}`;

const VK = '-22822305_456239018';
const VK_EMBED = 'https://vk.com/video_ext.php?oid=-22822305&id=456239018&hd=2';
const RT = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';

beforeAll(async () => {
  database = await openTestDatabase();
  const town = await createTown(database.db, { slug: 'moskva', name: 'Москва' });
  ours = await createClinic(database.db, { townId: town.id });
  other = await createClinic(database.db, { townId: town.id });
  doctorId = (await createDoctor(database.db, { townId: town.id, clinicIds: [ours.id] })).id;
  pages = await openPageBuild();
  app = await buildApp({
    db: database.db,
    clock: fixedClock('2026-11-05T09:00:00Z'),
    pages: { build: pages.build, mode: 'test' },
    pageCacheTtlMs: 60_000,
    uploadsDir: path.join(await mkdtemp(path.join(os.tmpdir(), 'clinic-media-test-')), 'review-documents'),
  });
  clinic = await signedInAs(app, database.db, { role: 'clinic', clinicId: ours.id });
  stranger = await signedInAs(app, database.db, { role: 'clinic', clinicId: other.id });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await pages?.close();
  await database?.close();
});

/** A multipart form as the browser sends it. */
async function form(
  field: string,
  data: Buffer,
  fileName = 'photo.jpg',
  fields: Record<string, string> = {},
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  fd.set(field, new Blob([new Uint8Array(data)]), fileName);
  const body = new Response(fd);
  return {
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type') as string },
  };
}

/** A 3000 × 2000 JPEG turned by its EXIF orientation, with a camera owner in its EXIF. */
const cameraJpeg = (background = { r: 90, g: 140, b: 200 }) =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Camera Owner', Make: 'PhoneCo' } } })
    .toBuffer();

const clinicPath = (c: { id: number; slug: string }) => `/moskva/lpu/${c.id}-${c.slug}/`;
const page = async (c: { id: number; slug: string }) => {
  const res = await app.inject({ url: clinicPath(c) });
  expect(res.statusCode).toBe(200);
  return { body: res.body, cache: res.headers['x-page-cache'] };
};
const auditOf = (action: string) =>
  database.db.select().from(cabinetAudit).where(eq(cabinetAudit.action, action)).orderBy(cabinetAudit.id);

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
    expect((await app.inject({ url: MEDIA })).statusCode).toBe(401);
    const patient = await signedInAs(app, database.db, {});
    const doctor = await signedInAs(app, database.db, { role: 'doctor', doctorId });
    for (const call of calls) {
      expect((await app.inject({ ...call, headers: {} })).statusCode, call.url).toBe(403); // no CSRF token
      const anonymous = await signedInAs(app, database.db, {});
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
    const empty = await clinic.inject({ method: 'GET', url: MEDIA });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('private, no-store');
    expect(empty.json()).toMatchObject({
      today: '2026-11-05',
      photos: [],
      videos: [],
      licences: [],
      equipment: [],
    });
    expect(await database.db.select().from(clinicPhotos)).toEqual([]);
    expect(await database.db.select().from(equipment)).toEqual([]);
  }, 120_000);

  it('take photos checked by their bytes, re-encoded without EXIF, on the page at once', async () => {
    const before = await page(ours);
    expect(before.body).not.toContain('/media/clinics/');
    expect((await page(ours)).cache).toBe('hit');

    // Whatever the name says, a text file is not a photo; a GIF neither; a tiny one is refused too.
    const text = await clinic.inject({
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
    expect((await clinic.inject({ url: PHOTOS, ...(await form('photo', gif, 'x.png')) })).statusCode).toBe(
      400,
    );
    const tiny = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const small = await clinic.inject({ url: PHOTOS, ...(await form('photo', tiny, 'x.png')) });
    expect(small.statusCode).toBe(400);
    expect(small.json().detail).toMatch(/слишком маленькое/);
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024 + 10, 1)]);
    const tooBig = await clinic.inject({ url: PHOTOS, ...(await form('photo', huge)) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe('Файл больше 10 МБ: уменьшите его и загрузите снова');
    const none = await clinic.inject({ url: PHOTOS, payload: { caption: 'x' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('Выберите файл с изображением');
    const longCaption = await clinic.inject({
      url: PHOTOS,
      ...(await form('photo', await cameraJpeg(), 'a.jpg', { caption: 'я'.repeat(201) })),
    });
    expect(longCaption.statusCode).toBe(400);
    expect(longCaption.json().detail).toBe('Подпись — не больше 200 символов');
    expect(await database.db.select().from(clinicPhotos)).toEqual([]);

    const input = await cameraJpeg();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const added = await clinic.inject({
      url: PHOTOS,
      ...(await form('photo', input, 'a.jpg', { caption: '  Холл  ' })),
    });
    expect(added.statusCode).toBe(201);
    const [photo] = added.json().photos;
    expect(photo.caption).toBe('Холл');
    expect(photo.src).toMatch(/^\/media\/clinics\/[0-9a-f]{32}\.webp$/);

    // The stored image: WebP, upright, inside 1600 × 1200, no EXIF; public and cached a year.
    const served = await app.inject({ url: photo.src });
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
      (await app.inject({ url: '/media/clinics/0123456789abcdef0123456789abcdef.webp' })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/media/clinics/..%2F..%2Fetc.webp' })).statusCode).toBe(404);

    // The same photo twice (a double press) is kept once.
    const again = await clinic.inject({ url: PHOTOS, ...(await form('photo', input, 'a.jpg')) });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Эта фотография уже есть в галерее');

    const after = await page(ours);
    expect(after.cache).toBe('miss');
    expect(after.body).toContain(photo.src);
    expect(after.body).toContain('alt="Холл"');
    expect(
      (await auditOf('clinic.photo.added')).map((a) => [a.targetType, a.targetId, a.userId !== null]),
    ).toEqual([['clinic_photos', photo.id, true]]);
  }, 120_000);

  it('order, caption and remove photos; a stale or foreign id is a 404', async () => {
    const second = await clinic.inject({
      url: PHOTOS,
      ...(await form('photo', await cameraJpeg({ r: 10, g: 200, b: 10 }), 'b.png', {
        caption: 'Кабинет УЗИ',
      })),
    });
    expect(second.statusCode).toBe(201);
    const [first, next] = second.json().photos;
    expect(next.caption).toBe('Кабинет УЗИ');

    const moved = await clinic.inject({ url: gallery(next.id, 'move/'), payload: { direction: 'up' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().photos.map((p: { id: number }) => p.id)).toEqual([next.id, first.id]);
    // Already first: nothing changes, nothing is audited.
    const top = await clinic.inject({ url: gallery(next.id, 'move/'), payload: { direction: 'up' } });
    expect(top.json().photos.map((p: { id: number }) => p.id)).toEqual([next.id, first.id]);
    expect((await auditOf('clinic.photo.moved')).length).toBe(1);
    expect(
      (await clinic.inject({ url: gallery(next.id, 'move/'), payload: { direction: 'left' } })).statusCode,
    ).toBe(400);

    const captioned = await clinic.inject({ url: gallery(first.id), payload: { caption: 'Вход' } });
    expect(captioned.json().photos.find((p: { id: number }) => p.id === first.id).caption).toBe('Вход');
    expect((await clinic.inject({ url: gallery(first.id), payload: { caption: 5 } })).statusCode).toBe(400);
    expect((await clinic.inject({ url: gallery(first.id), payload: 'garbage' })).statusCode).toBe(415);

    // Another clinic cannot touch them; an id that never was is a 404 too.
    for (const req of [
      { url: gallery(first.id), payload: { caption: 'Чужое' } },
      { url: gallery(first.id, 'move/'), payload: { direction: 'down' } },
      { method: 'DELETE' as const, url: gallery(first.id) },
    ]) {
      const refused = await stranger.inject(req);
      expect(refused.statusCode, req.url).toBe(404);
      expect(refused.json().detail).toBe('Такой фотографии или видео нет');
    }
    expect((await clinic.inject({ method: 'DELETE', url: gallery(999_999) })).statusCode).toBe(404);
    expect((await clinic.inject({ method: 'DELETE', url: gallery(0) })).statusCode).toBe(404);
    expect((await clinic.inject({ method: 'DELETE', url: `${MEDIA}gallery/abc/` })).statusCode).toBe(404);

    const shown = await page(ours);
    expect(shown.body.indexOf(next.src)).toBeLessThan(shown.body.indexOf(first.src));
    expect((await page(ours)).cache).toBe('hit');

    const removed = await clinic.inject({ method: 'DELETE', url: gallery(first.id) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().photos.map((p: { id: number }) => p.id)).toEqual([next.id]);
    // Removed once is gone: a second removal is a 404; the row stays, marked.
    expect((await clinic.inject({ method: 'DELETE', url: gallery(first.id) })).statusCode).toBe(404);
    const [row] = await database.db.select().from(clinicPhotos).where(eq(clinicPhotos.id, first.id));
    expect(row.removedAt).toEqual(new Date('2026-11-05T09:00:00Z'));
    const after = await page(ours);
    expect(after.cache).toBe('miss');
    expect(after.body).not.toContain(first.src);
    expect(after.body).toContain(next.src);
    expect((await auditOf('clinic.photo.removed')).map((a) => a.before)).toEqual([
      { src: first.src, caption: 'Вход' },
    ]);
  }, 120_000);

  it('take videos of VK Video and RuTube only, framed by the page', async () => {
    for (const url of [
      '',
      'https://vimeo.com/76979871',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      `https://vk.com.evil.ru/video${VK}`,
    ]) {
      const refused = await clinic.inject({ url: VIDEOS, payload: { url, caption: '' } });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().detail).toBe(
        url ? 'Добавьте ссылку на видео из VK Видео или RuTube' : 'Вставьте ссылку на видео',
      );
    }
    expect((await clinic.inject({ url: VIDEOS, payload: { caption: '' } })).statusCode).toBe(400);
    const vk = await clinic.inject({
      url: VIDEOS,
      payload: { url: `https://vkvideo.ru/video${VK}?list=ln-abc`, caption: 'Экскурсия по клинике' },
    });
    expect(vk.statusCode).toBe(201);
    expect(vk.json().videos).toEqual([
      {
        id: expect.any(Number),
        host: 'vk',
        embedUrl: VK_EMBED,
        watchUrl: `https://vkvideo.ru/video${VK}`,
        caption: 'Экскурсия по клинике',
      },
    ]);
    // The same video by another of its links is the same video.
    const twice = await clinic.inject({
      url: VIDEOS,
      payload: { url: `https://vk.com/video?z=video${VK}`, caption: '' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Это видео уже добавлено');
    const rt = await clinic.inject({
      url: VIDEOS,
      payload: { url: `https://rutube.ru/video/${RT}/`, caption: '' },
    });
    expect(rt.json().videos.map((v: { host: string }) => v.host)).toEqual(['vk', 'rutube']);
    // Videos are not photos: the photos' list is untouched.
    expect(rt.json().photos.length).toBe(1);

    const shown = await page(ours);
    // Each video is a tile linking to its page on its host; its player loads only in the lightbox.
    expect(shown.body).toContain(`href="https://vkvideo.ru/video${VK}"`);
    expect(shown.body).toContain('aria-label="Экскурсия по клинике"');
    expect(shown.body).toContain(`href="https://rutube.ru/video/${RT}/"`);
    expect(shown.body).not.toContain('<iframe');
    // The page may frame these two hosts and nothing else.
    const csp = String((await app.inject({ url: clinicPath(ours) })).headers['content-security-policy']);
    expect(csp).toContain('frame-src https://vk.com https://vkvideo.ru https://rutube.ru;');

    const vkId = vk.json().videos[0].id;
    const removed = await clinic.inject({ method: 'DELETE', url: gallery(vkId) });
    expect(removed.json().videos.map((v: { host: string }) => v.host)).toEqual(['rutube']);
    expect((await page(ours)).body).not.toContain(`vkvideo.ru/video${VK}`);
    expect((await auditOf('clinic.video.added')).length).toBe(2);
    expect((await auditOf('clinic.video.removed')).map((a) => a.targetId)).toEqual([vkId]);
  }, 120_000);

  it('keep licences with an optional scan; a removed one leaves the page', async () => {
    const licence = {
      number: 'Л041-01137-77/00368',
      issuedAt: '2019-03-14',
      authority: 'Департамент здравоохранения города Москвы',
      image: null,
    };
    for (const [payload, detail] of [
      [{ ...licence, number: '  ' }, 'Укажите номер лицензии'],
      [{ ...licence, issuedAt: '2019-02-30' }, 'Укажите дату выдачи'],
      [{ ...licence, issuedAt: '2026-11-06' }, 'Дата выдачи не может быть позже сегодняшней'],
      [{ ...licence, authority: '' }, 'Укажите, кем выдана лицензия'],
      [{ ...licence, image: 'https://evil.ru/x.webp' }, 'Изображение не найдено: загрузите его ещё раз'],
      [
        { ...licence, image: '/media/clinics/0123456789abcdef0123456789abcdef.webp' },
        'Изображение не найдено: загрузите его ещё раз',
      ],
    ] as const) {
      const refused = await clinic.inject({ url: LICENCES, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().detail).toBe(detail);
    }
    expect((await clinic.inject({ url: LICENCES, payload: [1, 2] })).statusCode).toBe(400);

    const scan = await clinic.inject({
      url: IMAGES,
      ...(await form('image', await cameraJpeg({ r: 250, g: 250, b: 240 }), 'scan.png')),
    });
    expect(scan.statusCode).toBe(201);
    const { src } = scan.json();
    expect(src).toMatch(/^\/media\/clinics\/[0-9a-f]{32}\.webp$/);
    const added = await clinic.inject({ url: LICENCES, payload: { ...licence, image: src } });
    expect(added.statusCode).toBe(201);
    const [saved] = added.json().licences;
    expect(saved).toEqual({ id: expect.any(Number), ...licence, image: src });
    const twice = await clinic.inject({ url: LICENCES, payload: licence });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Лицензия с таким номером уже есть');

    const shown = await page(ours);
    expect(shown.body).toContain('Л041-01137-77/00368');
    expect(shown.body).toContain(src);

    const changed = await clinic.inject({
      url: `${LICENCES}${saved.id}/`,
      payload: { ...licence, authority: 'Росздравнадзор' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().licences[0]).toMatchObject({ authority: 'Росздравнадзор', image: null });
    expect((await stranger.inject({ url: `${LICENCES}${saved.id}/`, payload: licence })).statusCode).toBe(
      404,
    );
    expect((await stranger.inject({ method: 'DELETE', url: `${LICENCES}${saved.id}/` })).json().detail).toBe(
      'Такой лицензии нет',
    );

    const removed = await clinic.inject({ method: 'DELETE', url: `${LICENCES}${saved.id}/` });
    expect(removed.json().licences).toEqual([]);
    const after = await page(ours);
    expect(after.cache).toBe('miss');
    expect(after.body).not.toContain('Л041-01137-77/00368');
    // Its drawn image is gone with it.
    expect((await app.inject({ url: `/media/licences/${saved.id}.svg` })).body).not.toContain('00368');
    const [row] = await database.db.select().from(clinicLicences).where(eq(clinicLicences.id, saved.id));
    expect(row.removedAt).not.toBeNull();
    expect((await auditOf('clinic.licence.changed')).map((a) => a.after)).toEqual([
      { ...licence, authority: 'Росздравнадзор' },
    ]);
    // Its number is free again.
    expect((await clinic.inject({ url: LICENCES, payload: licence })).statusCode).toBe(201);
  }, 120_000);

  it('keep equipment with attributes, in the clinic’s order', async () => {
    const mri = {
      name: 'МРТ Siemens Magnetom Aera',
      description: 'Томограф открытого типа, 1,5 Тл',
      attributes: [
        { name: 'Поле', value: '1,5 Тл' },
        { name: 'Вес пациента', value: 'до 200 кг' },
      ],
      image: null,
    };
    for (const [payload, detail] of [
      [{ ...mri, name: '' }, 'Укажите название оборудования'],
      [{ ...mri, attributes: [{ name: 'Поле', value: ' ' }] }, 'Заполните и характеристику, и значение'],
      [
        { ...mri, attributes: Array.from({ length: 21 }, (_, i) => ({ name: `a${i}`, value: 'b' })) },
        'Не больше 20 характеристик',
      ],
    ] as const) {
      const refused = await clinic.inject({ url: EQUIPMENT, payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(detail);
    }
    const a = (await clinic.inject({ url: EQUIPMENT, payload: mri })).json().equipment[0];
    const twice = await clinic.inject({
      url: EQUIPMENT,
      payload: { ...mri, name: 'мрт siemens magnetom aera' },
    });
    expect(twice.statusCode).toBe(409);
    const ct = await clinic.inject({
      url: EQUIPMENT,
      payload: { ...mri, name: 'КТ Canon Aquilion', attributes: [] },
    });
    expect(ct.statusCode).toBe(201);
    const b = ct.json().equipment[1];
    const moved = await clinic.inject({ url: `${EQUIPMENT}${b.id}/move/`, payload: { direction: 'up' } });
    expect(moved.json().equipment.map((e: { name: string }) => e.name)).toEqual([
      'КТ Canon Aquilion',
      mri.name,
    ]);

    const shown = await page(ours);
    expect(shown.body.indexOf('КТ Canon Aquilion')).toBeLessThan(shown.body.indexOf(mri.name));
    expect(shown.body).toMatch(/Поле(<!-- -->)?: (<!-- -->)?1,5 Тл/);

    const edited = await clinic.inject({
      url: `${EQUIPMENT}${a.id}/`,
      payload: { ...mri, description: 'Новое описание' },
    });
    expect(edited.json().equipment[1].description).toBe('Новое описание');
    expect(
      (await stranger.inject({ url: `${EQUIPMENT}${a.id}/move/`, payload: { direction: 'up' } })).statusCode,
    ).toBe(404);
    const removed = await clinic.inject({ method: 'DELETE', url: `${EQUIPMENT}${b.id}/` });
    expect(removed.json().equipment.map((e: { id: number }) => e.id)).toEqual([a.id]);
    expect((await page(ours)).body).not.toContain('КТ Canon Aquilion');
    const rows = await database.db
      .select()
      .from(equipment)
      .where(and(eq(equipment.clinicId, ours.id)));
    expect(rows.length).toBe(2);
    expect((await auditOf('clinic.equipment.moved')).length).toBe(1);
    expect((await auditOf('clinic.equipment.removed')).map((x) => x.targetId)).toEqual([b.id]);
  }, 120_000);

  it('keep one photo when the same upload is sent twice at once', async () => {
    const jpeg = await cameraJpeg({ r: 1, g: 2, b: 3 });
    const [x, y] = await Promise.all([
      clinic.inject({ url: PHOTOS, ...(await form('photo', jpeg)) }),
      clinic.inject({ url: PHOTOS, ...(await form('photo', jpeg)) }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    const photos = (await clinic.inject({ method: 'GET', url: MEDIA })).json().photos;
    expect(photos.length).toBe(2);
    const sorts = (await database.db.select().from(clinicPhotos).where(eq(clinicPhotos.clinicId, ours.id)))
      .filter((r) => r.removedAt === null)
      .map((r) => r.sort);
    expect(new Set(sorts).size).toBe(sorts.length);
  }, 120_000);
});
