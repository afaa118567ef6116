/**
 * The clinic page's video links (VK Video or RuTube only), licences (with an optional scan) and
 * equipment, kept from the cabinet by the clinic's own account; every change is audited. Who may
 * change media, and the gallery's photos: clinic-media.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clinicLicences, equipment } from '../../db/schema/clinics';
import { clinicMediaFixture } from './clinic-media-fixture';

const t = clinicMediaFixture();
const {
  PHOTOS,
  VIDEOS,
  IMAGES,
  LICENCES,
  EQUIPMENT,
  gallery,
  VK,
  VK_EMBED,
  RT,
  form,
  cameraJpeg,
  clinicPath,
  page,
  auditOf,
} = t;

describe("the clinic page's videos, licences and equipment", () => {
  it('take videos of VK Video and RuTube only, framed by the page', async () => {
    // The gallery has a photo already, which the videos leave alone.
    const photo = await t.clinic.inject({ url: PHOTOS, ...(await form('photo', await cameraJpeg())) });
    expect(photo.statusCode).toBe(201);
    for (const url of [
      '',
      'https://vimeo.com/76979871',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      `https://vk.com.evil.ru/video${VK}`,
    ]) {
      const refused = await t.clinic.inject({ url: VIDEOS, payload: { url, caption: '' } });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().detail).toBe(
        url ? 'Добавьте ссылку на видео из VK Видео или RuTube' : 'Вставьте ссылку на видео',
      );
    }
    expect((await t.clinic.inject({ url: VIDEOS, payload: { caption: '' } })).statusCode).toBe(400);
    const vk = await t.clinic.inject({
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
    const twice = await t.clinic.inject({
      url: VIDEOS,
      payload: { url: `https://vk.com/video?z=video${VK}`, caption: '' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Это видео уже добавлено');
    const rt = await t.clinic.inject({
      url: VIDEOS,
      payload: { url: `https://rutube.ru/video/${RT}/`, caption: '' },
    });
    expect(rt.json().videos.map((v: { host: string }) => v.host)).toEqual(['vk', 'rutube']);
    // Videos are not photos: the photos' list is untouched.
    expect(rt.json().photos).toEqual(photo.json().photos);
    expect(rt.json().photos).toHaveLength(1);

    const shown = await page(t.ours);
    // Each video is a tile linking to its page on its host; its player loads only in the lightbox.
    expect(shown.body).toContain(`href="https://vkvideo.ru/video${VK}"`);
    expect(shown.body).toContain('aria-label="Экскурсия по клинике"');
    expect(shown.body).toContain(`href="https://rutube.ru/video/${RT}/"`);
    expect(shown.body).not.toContain('<iframe');
    // The page may frame these two hosts and nothing else.
    const csp = String((await t.app.inject({ url: clinicPath(t.ours) })).headers['content-security-policy']);
    expect(csp).toContain('frame-src https://vk.com https://vkvideo.ru https://rutube.ru;');

    const vkId = vk.json().videos[0].id;
    const removed = await t.clinic.inject({ method: 'DELETE', url: gallery(vkId) });
    expect(removed.json().videos.map((v: { host: string }) => v.host)).toEqual(['rutube']);
    expect((await page(t.ours)).body).not.toContain(`vkvideo.ru/video${VK}`);
    expect((await auditOf('clinic.video.added')).length).toBe(2);
    expect((await auditOf('clinic.video.removed')).map((a) => a.targetId)).toEqual([vkId]);
    // The file's first page render compiles the pages: 111 s on two cores under a load of 20.
  }, 240_000);

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
      const refused = await t.clinic.inject({ url: LICENCES, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().detail).toBe(detail);
    }
    expect((await t.clinic.inject({ url: LICENCES, payload: [1, 2] })).statusCode).toBe(400);

    const scan = await t.clinic.inject({
      url: IMAGES,
      ...(await form('image', await cameraJpeg({ r: 250, g: 250, b: 240 }), 'scan.png')),
    });
    expect(scan.statusCode).toBe(201);
    const { src } = scan.json();
    expect(src).toMatch(/^\/media\/clinics\/[0-9a-f]{32}\.webp$/);
    const added = await t.clinic.inject({ url: LICENCES, payload: { ...licence, image: src } });
    expect(added.statusCode).toBe(201);
    const [saved] = added.json().licences;
    expect(saved).toEqual({ id: expect.any(Number), ...licence, image: src });
    const twice = await t.clinic.inject({ url: LICENCES, payload: licence });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Лицензия с таким номером уже есть');

    const shown = await page(t.ours);
    expect(shown.body).toContain('Л041-01137-77/00368');
    expect(shown.body).toContain(src);

    const changed = await t.clinic.inject({
      url: `${LICENCES}${saved.id}/`,
      payload: { ...licence, authority: 'Росздравнадзор' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().licences[0]).toMatchObject({ authority: 'Росздравнадзор', image: null });
    expect((await t.stranger.inject({ url: `${LICENCES}${saved.id}/`, payload: licence })).statusCode).toBe(
      404,
    );
    expect(
      (await t.stranger.inject({ method: 'DELETE', url: `${LICENCES}${saved.id}/` })).json().detail,
    ).toBe('Такой лицензии нет');

    const removed = await t.clinic.inject({ method: 'DELETE', url: `${LICENCES}${saved.id}/` });
    expect(removed.json().licences).toEqual([]);
    const after = await page(t.ours);
    expect(after.cache).toBe('miss');
    expect(after.body).not.toContain('Л041-01137-77/00368');
    // Its drawn image is gone with it.
    expect((await t.app.inject({ url: `/media/licences/${saved.id}.svg` })).body).not.toContain('00368');
    const [row] = await t.database.db.select().from(clinicLicences).where(eq(clinicLicences.id, saved.id));
    expect(row.removedAt).not.toBeNull();
    expect((await auditOf('clinic.licence.changed')).map((a) => a.after)).toEqual([
      { ...licence, authority: 'Росздравнадзор' },
    ]);
    // Its number is free again.
    expect((await t.clinic.inject({ url: LICENCES, payload: licence })).statusCode).toBe(201);
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
      const refused = await t.clinic.inject({ url: EQUIPMENT, payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(detail);
    }
    const a = (await t.clinic.inject({ url: EQUIPMENT, payload: mri })).json().equipment[0];
    const twice = await t.clinic.inject({
      url: EQUIPMENT,
      payload: { ...mri, name: 'мрт siemens magnetom aera' },
    });
    expect(twice.statusCode).toBe(409);
    const ct = await t.clinic.inject({
      url: EQUIPMENT,
      payload: { ...mri, name: 'КТ Canon Aquilion', attributes: [] },
    });
    expect(ct.statusCode).toBe(201);
    const b = ct.json().equipment[1];
    const moved = await t.clinic.inject({ url: `${EQUIPMENT}${b.id}/move/`, payload: { direction: 'up' } });
    expect(moved.json().equipment.map((e: { name: string }) => e.name)).toEqual([
      'КТ Canon Aquilion',
      mri.name,
    ]);

    const shown = await page(t.ours);
    expect(shown.body.indexOf('КТ Canon Aquilion')).toBeLessThan(shown.body.indexOf(mri.name));
    expect(shown.body).toMatch(/Поле(<!-- -->)?: (<!-- -->)?1,5 Тл/);

    const edited = await t.clinic.inject({
      url: `${EQUIPMENT}${a.id}/`,
      payload: { ...mri, description: 'Новое описание' },
    });
    expect(edited.json().equipment[1].description).toBe('Новое описание');
    expect(
      (await t.stranger.inject({ url: `${EQUIPMENT}${a.id}/move/`, payload: { direction: 'up' } }))
        .statusCode,
    ).toBe(404);
    const removed = await t.clinic.inject({ method: 'DELETE', url: `${EQUIPMENT}${b.id}/` });
    expect(removed.json().equipment.map((e: { id: number }) => e.id)).toEqual([a.id]);
    expect((await page(t.ours)).body).not.toContain('КТ Canon Aquilion');
    const rows = await t.database.db
      .select()
      .from(equipment)
      .where(and(eq(equipment.clinicId, t.ours.id)));
    expect(rows.length).toBe(2);
    expect((await auditOf('clinic.equipment.moved')).length).toBe(1);
    expect((await auditOf('clinic.equipment.removed')).map((x) => x.targetId)).toEqual([b.id]);
  }, 120_000);
});
