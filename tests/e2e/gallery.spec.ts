import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { hydrated } from './support/hydrated';
import { csrf, workAccountContext } from './support/patient';

/**
 * The clinic page's gallery: photos and videos in one lightbox that counts them together
 * ('N из M'), moves on by itself every 3000 ms (the page's clock is Playwright's, so the show is
 * stepped, not waited for), pauses under the pointer, stops at a video and at the visitor's own
 * move; a thumbnail whose picture fails says 'не удается загрузить изображение'.
 * The third demo clinic account (not the first, which cabinet-clinic-media.spec.ts edits) adds
 * three photos and a RuTube video with this run's captions, and removes them at the end.
 */

const CLINIC_PHONE = '79990002003';

const randomVideoId = () =>
  Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

interface Added {
  photos: { id: number; src: string; caption: string }[];
  video: { id: number; caption: string; embedUrl: string };
  clinicUrl: string;
}

/** Three photos and a video, added through the cabinet's calls as its page would. */
async function addMedia(cabinet: Page, stamp: string): Promise<Added> {
  await cabinet.goto('/cabinet/clinic/');
  const headers = { 'x-csrftoken': await csrf(cabinet) };
  // What an interrupted earlier run left behind goes first (the projects run one after another).
  const before = await (await cabinet.request.get('/cabinet/ajax/clinic/media/')).json();
  for (const item of [...before.photos, ...before.videos] as { id: number; caption: string | null }[])
    if (/^(Кабинет \d|Экскурсия) (phone|desktop)-/.test(item.caption ?? ''))
      await cabinet.request.delete(`/cabinet/ajax/clinic/media/gallery/${item.id}/`, { headers });
  const photos: Added['photos'] = [];
  // A new picture each run (the cabinet refuses a picture it already has).
  const red = Math.floor(Math.random() * 250);
  for (const [n, green] of [
    [1, 60],
    [2, 140],
    [3, 220],
  ] as const) {
    const caption = `Кабинет ${n} ${stamp}`;
    const buffer = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: red, g: green, b: 160 } },
    })
      .png()
      .toBuffer();
    const res = await cabinet.request.post('/cabinet/ajax/clinic/media/photos/', {
      headers,
      multipart: { photo: { name: `photo-${n}.png`, mimeType: 'image/png', buffer }, caption },
    });
    expect(res.status(), await res.text()).toBe(201);
    const media = await res.json();
    const photo = (media.photos as { id: number; src: string; caption: string }[]).find(
      (p) => p.caption === caption,
    );
    if (!photo) throw new Error(`photo ${caption} not in the answer`);
    photos.push(photo);
  }
  const caption = `Экскурсия ${stamp}`;
  const videoId = randomVideoId();
  const res = await cabinet.request.post('/cabinet/ajax/clinic/media/videos/', {
    headers,
    data: { url: `https://rutube.ru/video/${videoId}/`, caption },
  });
  expect(res.status(), await res.text()).toBe(201);
  const videos = (await res.json()).videos as { id: number; caption: string; embedUrl: string }[];
  const video = videos.find((v) => v.embedUrl.endsWith(videoId));
  if (!video) throw new Error('the video is not in the answer');
  const { clinicId } = await (await cabinet.request.get('/cabinet/ajax/appointments/')).json();
  const page = await cabinet.request.get(`/moskva/lpu/${clinicId}-x/`);
  return { photos, video, clinicUrl: new URL(page.url()).pathname };
}

async function removeMedia(cabinet: Page, added: Partial<Added>) {
  const headers = { 'x-csrftoken': await csrf(cabinet) };
  for (const item of [...(added.photos ?? []), ...(added.video ? [added.video] : [])])
    await cabinet.request.delete(`/cabinet/ajax/clinic/media/gallery/${item.id}/`, { headers });
}

async function visitor(context: BrowserContext): Promise<Page> {
  // The players are outside the test's world: their frames load nothing.
  await context.route(/^https:\/\/(vk\.com|vkvideo\.ru|rutube\.ru)\//, (route) => route.abort());
  const page = await context.newPage();
  const viewport = test.info().project.use.viewport;
  if (viewport) await page.setViewportSize(viewport);
  return page;
}

test('the gallery counts photos and videos together, plays every 3 s, pauses, stops; a failed picture says so', async ({
  browser,
}, info) => {
  test.setTimeout(90_000);
  const stamp = `${info.project.name}-${Date.now().toString(36)}`;
  const context = await workAccountContext(browser, CLINIC_PHONE);
  const cabinet = await context.newPage();
  const added: Partial<Added> = {};
  try {
    Object.assign(added, await addMedia(cabinet, stamp));
    const { photos, video, clinicUrl } = added as Added;

    const guest = await browser.newContext({ baseURL: info.project.use.baseURL });
    const page = await visitor(guest);
    await page.goto(clinicUrl);
    await hydrated(page);
    // From here the page's time moves only when the test moves it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    const gallery = page.getByRole('list', { name: 'Фото и видео клиники' });
    const thumbs = gallery.getByRole('link');
    const total = await thumbs.count();
    // This run's photos follow each other; the first video comes after every photo.
    const first = await thumbs.evaluateAll(
      (links, src) => links.findIndex((a) => a.getAttribute('href') === src),
      photos[0].src,
    );
    expect(first).toBeGreaterThanOrEqual(0);
    await expect(thumbs.nth(first + 3)).toHaveAttribute('href', /^https:\/\/(rutube\.ru|vkvideo\.ru)\//);

    await thumbs.nth(first).click();
    // The pointer rests off the picture (a resting pointer on it would pause the show).
    await page.mouse.move(1, 1);
    const lightbox = page.getByRole('dialog', { name: photos[0].caption });
    const counter = page.getByTestId('lightbox-counter');
    await expect(counter).toHaveText(`${first + 1} из ${total}`);
    await expect(page.getByRole('button', { name: 'Слайд-шоу' })).toHaveAttribute('aria-pressed', 'true');

    await page.clock.runFor(3000);
    await expect(counter).toHaveText(`${first + 2} из ${total}`);
    await expect(page.getByRole('dialog', { name: photos[1].caption })).toBeVisible();

    // Under the pointer it waits.
    await page.getByTestId('lightbox-stage').hover();
    await page.clock.runFor(6000);
    await expect(counter).toHaveText(`${first + 2} из ${total}`);
    await page.mouse.move(1, 1);
    await page.clock.runFor(3000);
    await expect(counter).toHaveText(`${first + 3} из ${total}`);

    // The next item is the first video: the player, and the show stops there.
    await page.clock.runFor(3000);
    await expect(counter).toHaveText(`${first + 4} из ${total}`);
    const player = page.getByRole('dialog').locator('iframe');
    await expect(player).toHaveAttribute(
      'src',
      /^https:\/\/(rutube\.ru\/play\/embed\/|vk\.com\/video_ext\.php)/,
    );
    await expect(page.getByRole('button', { name: 'Слайд-шоу' })).toHaveAttribute('aria-pressed', 'false');
    await page.clock.runFor(9000);
    await expect(counter).toHaveText(`${first + 4} из ${total}`);
    if (total === first + 4) await expect(player).toHaveAttribute('src', video.embedUrl);
    await page.screenshot({ path: info.outputPath(`gallery-video-${info.project.name}.png`) });

    // The visitor's own moves: ← goes back and the show stays stopped.
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText(`${first + 3} из ${total}`);
    await page.clock.runFor(9000);
    await expect(counter).toHaveText(`${first + 3} из ${total}`);
    await page.screenshot({ path: info.outputPath(`gallery-photo-${info.project.name}.png`) });
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Reduced motion: the lightbox does not move by itself.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await thumbs.nth(first).click();
    await page.mouse.move(1, 1);
    await expect(counter).toHaveText(`${first + 1} из ${total}`);
    await page.clock.runFor(9000);
    await expect(counter).toHaveText(`${first + 1} из ${total}`);
    await guest.close();

    // A picture that does not come: its thumbnail says so, the lightbox too.
    const broken = await browser.newContext({ baseURL: info.project.use.baseURL });
    const second = await visitor(broken);
    await second.route(`**${photos[1].src}`, (route) => route.fulfill({ status: 500, body: '' }));
    await second.goto(clinicUrl);
    await hydrated(second);
    const list = second.getByRole('list', { name: 'Фото и видео клиники' });
    await list.scrollIntoViewIfNeeded();
    const failed = list.getByRole('link', { name: photos[1].caption });
    await expect(failed).toHaveText('не удается загрузить изображение');
    await expect(list.getByRole('img', { name: photos[0].caption })).toBeVisible();
    await second.screenshot({ path: info.outputPath(`gallery-broken-${info.project.name}.png`) });
    await failed.click();
    await expect(second.getByRole('dialog').getByRole('alert')).toHaveText(
      'The requested content cannot be loaded. Please try again later.',
    );
    await broken.close();
  } finally {
    await removeMedia(cabinet, added);
    await context.close();
  }
});

test('a demo clinic’s drawn clip plays in the site’s own player, marked as synthetic', async ({
  page,
}, info) => {
  // The seed gives one in four clinics with a gallery the demo's clip: the first such page.
  let clinicUrl: string | null = null;
  for (let id = 1; id <= 120 && !clinicUrl; id++) {
    const res = await page.request.get(`/moskva/lpu/${id}-x/`);
    if (res.ok() && (await res.text()).includes('демонстрационный ролик, нарисован')) clinicUrl = res.url();
  }
  expect(clinicUrl, 'a seeded Moscow clinic shows the demo clip').not.toBeNull();
  await page.goto(clinicUrl ?? '/');
  await hydrated(page);
  const list = page.getByRole('list', { name: 'Фото и видео клиники' });
  await list.scrollIntoViewIfNeeded();
  await list.getByRole('link', { name: /Прогулка по клинике/ }).click();
  const clip = page.locator('video[src="/demo/videos/clinic-tour.webm"]');
  await expect(clip).toBeVisible();
  // It loads and has its drawn frames (640 × 360), from the site itself: no frame, no host.
  await expect.poll(() => clip.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await clip.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight])).toEqual([640, 360]);
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Открыть видео' })).toHaveAttribute(
    'href',
    '/demo/videos/clinic-tour.webm',
  );
  await page.screenshot({ path: info.outputPath('demo-clip.png') });
});
