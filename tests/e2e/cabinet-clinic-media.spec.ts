import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { hydrated } from './support/hydrated';
import { csrf, WORK_PHONES, workAccountContext } from './support/patient';

/**
 * The clinic page's media end to end: the first demo clinic (Москва) uploads a photo with a caption, adds
 * a RuTube video and a licence in 'Страница клиники'; a visitor sees them on the clinic page;
 * removing the video takes it off the page. Each run's items are its own (a new colour, video and
 * licence number) and are removed at the end.
 */

/** A RuTube video id: 32 hex digits, a new one each run. */
const randomVideoId = () =>
  Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

test('a clinic adds a photo, a video and a licence; its page shows them; a removed video is gone', async ({
  browser,
}, info) => {
  test.setTimeout(60_000);
  const stamp = `${info.project.name}-${Date.now().toString(36)}`;
  const caption = `Холл ${stamp}`;
  const videoId = randomVideoId();
  const licence = `Л041-${stamp}`;
  const file = info.outputPath('clinic-photo.png');
  const shade = Math.floor(Math.random() * 250);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: shade, g: 180, b: 120 } } })
    .png()
    .toFile(file);

  const context = await workAccountContext(browser, WORK_PHONES.firstClinic);
  const page = await context.newPage();
  if (info.project.use.viewport) await page.setViewportSize(info.project.use.viewport);
  try {
    await page.goto('/cabinet/clinic/');
    await expect(page.getByRole('heading', { level: 1, name: 'Страница клиники' })).toBeVisible();
    await hydrated(page);

    // A photo, uploaded as soon as it is chosen, with its caption.
    const photos = page.getByRole('region', { name: 'Фотографии клиники' });
    const upload = photos.getByRole('group', { name: 'Загрузить фотографию' });
    await upload.getByLabel('Подпись').fill(caption);
    await upload.getByLabel('Загрузить фотографию').setInputFiles(file);
    await expect(photos.getByRole('status')).toHaveText('Фотография добавлена');
    const photo = photos.getByRole('img', { name: caption });
    await expect(photo).toHaveAttribute('src', /^\/media\/clinics\/[0-9a-f]{32}\.webp$/);
    const src = (await photo.getAttribute('src')) as string;

    // A video: another host (YouTube) is refused in the form; a RuTube link is taken.
    const videos = page.getByRole('region', { name: 'Видео' });
    const addVideo = videos.getByRole('form', { name: 'Добавить видео' });
    await addVideo.getByLabel('Ссылка на видео').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await addVideo.getByRole('button', { name: 'Добавить видео' }).click();
    await expect(videos.getByRole('alert')).toHaveText('Добавьте ссылку на видео из VK Видео или RuTube');
    await addVideo.getByLabel('Ссылка на видео').fill(`https://rutube.ru/video/${videoId}/`);
    await addVideo.getByLabel('Подпись').fill(`Экскурсия ${stamp}`);
    await addVideo.getByRole('button', { name: 'Добавить видео' }).click();
    await expect(videos.getByRole('status')).toHaveText('Видео добавлено');

    // A licence, without a scan.
    const licences = page.getByRole('region', { name: 'Лицензии' });
    const add = licences.getByRole('form', { name: 'Добавить лицензию' });
    await add.getByLabel('Номер лицензии').fill(licence);
    await add.getByLabel('Дата выдачи').fill('2021-04-15');
    await add.getByLabel('Кем выдана').fill('Департамент здравоохранения города Москвы');
    await add.getByRole('button', { name: 'Добавить лицензию' }).click();
    await expect(licences.getByRole('status')).toHaveText('Лицензия добавлена');
    await expect(licences.getByText(`№ ${licence}`)).toBeVisible();
    await page.screenshot({
      path: info.outputPath(`cabinet-media-${info.project.name}.png`),
      fullPage: true,
    });

    // The clinic's page, as a visitor sees it.
    const { clinicId } = await (await page.request.get('/cabinet/ajax/appointments/')).json();
    const visitor = await browser.newContext({ baseURL: info.project.use.baseURL });
    // The players are outside the test's world: their frames load nothing (the page's frame is what is checked).
    await visitor.route(/^https:\/\/(vk\.com|vkvideo\.ru|rutube\.ru)\//, (route) => route.abort());
    const patient = await visitor.newPage();
    if (info.project.use.viewport) await patient.setViewportSize(info.project.use.viewport);
    await patient.goto(`/moskva/lpu/${clinicId}-x/`, { waitUntil: 'domcontentloaded' });
    const gallery = patient.getByRole('region', { name: 'Фото и видео' });
    await expect(gallery.getByRole('img', { name: caption })).toHaveAttribute('src', src);
    // The video is a tile linking to its page; its player opens in the gallery's lightbox.
    const tile = gallery.getByRole('link', { name: `Экскурсия ${stamp}` });
    await expect(tile).toHaveAttribute('href', `https://rutube.ru/video/${videoId}/`);
    await expect(patient.getByText(`№ ${licence}`, { exact: false })).toBeVisible();
    await gallery.scrollIntoViewIfNeeded();
    const shown = gallery.getByRole('img', { name: caption });
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await patient.screenshot({ path: info.outputPath(`clinic-media-${info.project.name}.png`) });
    await hydrated(patient);
    await tile.click();
    const frame = patient.getByRole('dialog').locator(`iframe[title="Экскурсия ${stamp}"]`);
    await expect(frame).toHaveAttribute('src', `https://rutube.ru/play/embed/${videoId}`);
    await patient.keyboard.press('Escape');

    // Removing the video takes it off the page at once.
    const row = videos.getByRole('listitem').filter({ hasText: videoId });
    await row.getByRole('button', { name: /^Убрать: / }).click();
    await row.getByRole('button', { name: 'Убрать', exact: true }).click();
    await expect(videos.getByRole('status')).toHaveText('Видео убрано');
    await patient.reload({ waitUntil: 'domcontentloaded' });
    await expect(patient.getByRole('img', { name: caption })).toBeVisible();
    await expect(patient.locator(`a[href*="${videoId}"]`)).toHaveCount(0);
    await visitor.close();
  } finally {
    // This run's items leave the demo clinic as they found it.
    const headers = { 'x-csrftoken': await csrf(page) };
    const media = await (await page.request.get('/cabinet/ajax/clinic/media/')).json();
    for (const p of media.photos as { id: number; caption: string }[])
      if (p.caption === caption)
        await page.request.delete(`/cabinet/ajax/clinic/media/gallery/${p.id}/`, { headers });
    for (const v of media.videos as { id: number; embedUrl: string }[])
      if (v.embedUrl.endsWith(videoId))
        await page.request.delete(`/cabinet/ajax/clinic/media/gallery/${v.id}/`, { headers });
    for (const l of media.licences as { id: number; number: string }[])
      if (l.number === licence)
        await page.request.delete(`/cabinet/ajax/clinic/media/licences/${l.id}/`, { headers });
    await context.close();
  }
});
