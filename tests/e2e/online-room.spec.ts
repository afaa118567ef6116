import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { chromiumPath } from '../../server/tools/chromium-path';
import { E2E_TURN_SECRET } from '../../server/tools/e2e-servers';
import { type DeskPlace, openHours } from './support/desk';
import { csrf, signInThroughApi, workAccountContext } from './support/patient';

/**
 * An online visit's consultation room end to end (docs/product/online-room.md): a patient books
 * an online consultation with a demo doctor, and at the visit's time (the `test_now` cookie) the
 * patient's browser and the doctor's, two contexts with Chromium's fake camera and microphone,
 * meet in the room: each plays the other's live video, the text line carries a link, switching
 * the camera off shows on the other side. Once directly, once with the media forced through a
 * TURN relay (`?relay=1`), a coturn this spec starts itself (Debian's `coturn` package; the
 * scenario is skipped, saying so, where `turnserver` is not installed).
 */

test.use({
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A test pattern and a beep instead of a camera and a microphone, allowed without asking.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

/** Demo doctor accounts (server/db/seed/rows/user.ts), the ones no other scenario signs in as first. */
const DOCTOR_PHONES = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => String(79990001000 + n));

/** Per viewport: the demo doctor account that takes online visits, and where. */
const found = new Map<string, Promise<{ phone: string; doctorId: number; clinicId: number }>>();

/**
 * The first demo doctor account with an online-consultation workplace open for booking: it gets
 * online hours every day 07:00–22:00 (its own cabinet's weekly hours, `OPEN_WEEK`), once per viewport.
 */
function onlineDoctor(browser: Browser) {
  const project = test.info().project.name;
  let done = found.get(project);
  if (!done) {
    done = (async () => {
      for (const phone of DOCTOR_PHONES) {
        const context = await workAccountContext(browser, phone);
        const page = await context.newPage();
        const hours = await page.request.get('/cabinet/ajax/schedule/hours/');
        if (hours.status() !== 200) {
          await context.close();
          continue;
        }
        const place = ((await hours.json()).places as DeskPlace[]).find(
          (p) => p.visitTypes.includes('telemed') && p.appointmentOn && !p.misSchedule,
        );
        if (!place) {
          await context.close();
          continue;
        }
        await openHours(page, place, { visitType: 'telemed' });
        await context.close();
        return { phone, doctorId: place.doctor.id, clinicId: place.clinic.id };
      }
      throw new Error('no demo doctor account takes online consultations');
    })();
    done.catch(() => found.delete(project));
    found.set(project, done);
  }
  return done;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A new patient books the doctor's online consultation three days ahead (a free half hour found
 * by trying); returns the patient's browser context, the visit and its start.
 */
async function bookOnlineVisit(browser: Browser, doctor: { doctorId: number; clinicId: number }) {
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const digits = `7901${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  await signInThroughApi(page, digits);
  const day = new Date(Date.now() + 3 * 86_400_000);
  const date = `${pad(day.getUTCDate())}.${pad(day.getUTCMonth() + 1)}.${day.getUTCFullYear()}`;
  for (let minutes = 9 * 60; minutes < 21 * 60; minutes += 30) {
    const res = await page.request.post('/ajax/appointment/create/', {
      headers: { 'X-CSRFToken': await csrf(page) },
      data: {
        doctor_id: doctor.doctorId,
        lpu_id: doctor.clinicId,
        type: 'telemed',
        slot: `${date} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`,
        last_name: 'Онлайнова',
        first_name: 'Вера',
        patronymic: 'Игоревна',
        birth_date: '1990-04-12',
        request_key: `online-room-${digits}-${minutes}`,
      },
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    const { appointment } = await res.json();
    return {
      patient: context,
      page,
      id: appointment.id as number,
      startsAt: appointment.starts_at as string,
      day: `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`,
    };
  }
  throw new Error('the doctor has no free online time that day');
}

/** Opens the site on the visit's clock in a context: `test_now` (CLOCK_OVERRIDE). */
async function atTime(context: BrowserContext, at: Date) {
  await context.addCookies([
    { name: 'test_now', value: at.toISOString(), url: test.info().project.use.baseURL as string },
  ]);
}

/** The other side's video plays: it has a size, and its decoded frames keep rising. */
async function expectLiveRemoteVideo(page: Page) {
  const video = page.locator('video[data-remote]');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const frames = () => video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);
  const first = await frames();
  await expect.poll(frames, { timeout: 15_000 }).toBeGreaterThan(first + 10);
}

/**
 * Opens the room and waits for its state line. The dev server (E2E_DEV) may reload a page once to
 * load a newly optimized dependency, aborting the first navigation: then it is opened again.
 */
async function openRoom(page: Page, url: string) {
  await expect(async () => {
    await page.goto(url);
    await expect(page.getByTestId('room-state')).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** Patient and doctor in the room of a fresh visit; `relay` forces the media through TURN. */
async function meetInRoom(browser: Browser, { relay }: { relay: boolean }) {
  const doctorAccount = await onlineDoctor(browser);
  const visit = await bookOnlineVisit(browser, doctorAccount);
  const during = new Date(new Date(visit.startsAt).getTime() + 5 * 60_000);
  const doctor = await workAccountContext(browser, doctorAccount.phone);
  for (const context of [visit.patient, doctor]) {
    await context.grantPermissions(['camera', 'microphone']);
    await atTime(context, during);
  }
  const room = `/appointment/${visit.id}/online/${relay ? '?relay=1' : ''}`;
  const doctorPage = await doctor.newPage();
  await openRoom(doctorPage, room);
  await openRoom(visit.page, room);
  return { visit, doctor, doctorPage, patientPage: visit.page, during };
}

test('the patient and the doctor see each other live in the room, talk in its text line and see the camera switched off', async ({
  browser,
}, info) => {
  test.setTimeout(240_000);
  const { visit, doctor, doctorPage, patientPage } = await meetInRoom(browser, { relay: false });

  for (const page of [patientPage, doctorPage]) {
    await expect(page.getByRole('heading', { name: 'Онлайн-консультация', level: 1 })).toBeVisible();
    await expect(page.getByTestId('room-state')).toHaveText(/^Собеседник на связи/, { timeout: 60_000 });
    await expectLiveRemoteVideo(page);
  }
  await expect(doctorPage.getByTestId('room-route')).toHaveAttribute('data-route', 'direct');

  // The phone to fall back on: the doctor's button, the patient's note.
  await expect(doctorPage.getByRole('link', { name: /Позвонить пациенту/ })).toHaveAttribute(
    'href',
    /^tel:\+7\d{10}$/,
  );
  await expect(
    patientPage.getByText(/^Если видео не работает, врач позвонит вам по номеру \+7/),
  ).toBeVisible();

  // A link in the text line reaches the other side as a link; nothing else hears it.
  await doctorPage.getByLabel('Сообщение собеседнику').fill('Анализы: https://example.org/analizy');
  await doctorPage.getByRole('button', { name: 'Отправить' }).click();
  await expect(patientPage.getByRole('link', { name: 'https://example.org/analizy' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );

  // The patient switches the camera off: the doctor is told; on again, the video is back.
  await patientPage.getByRole('button', { name: 'Выключить камеру' }).click();
  await expect(doctorPage.getByText('Камера собеседника выключена')).toBeVisible();
  await patientPage.getByRole('button', { name: 'Включить камеру' }).click();
  await expect(doctorPage.getByText('Камера собеседника выключена')).toBeHidden();

  await patientPage.screenshot({ path: info.outputPath(`online-room-patient-${info.project.name}.png`) });
  await doctorPage.screenshot({ path: info.outputPath(`online-room-doctor-${info.project.name}.png`) });

  // The patient leaves; the doctor sees it.
  await patientPage.getByRole('button', { name: 'Завершить' }).click();
  await expect(doctorPage.getByTestId('room-state')).toHaveText('Собеседник вышел из консультации');

  // The visit's page gives the room instead of the clinic's address and the passport.
  await patientPage.goto(`/appointment/${visit.id}/`);
  await expect(patientPage.getByRole('link', { name: 'Войти в консультацию' })).toHaveAttribute(
    'href',
    `/appointment/${visit.id}/online/`,
  );
  await expect(patientPage.getByText(/паспорт/)).toHaveCount(0);

  // The doctor's own reception list starts the consultation from the visit.
  const list = await doctor.newPage();
  await list.goto(`/cabinet/appointments/?date=${visit.day}&days=7`);
  await expect(
    list.locator(`[data-visit-id="${visit.id}"]`).getByRole('link', { name: 'Начать консультацию' }),
  ).toHaveAttribute('href', `/appointment/${visit.id}/online/`);
  await doctor.close();
  await visit.patient.close();
});

test('before its time the room says when it opens; a stranger is refused', async ({ browser }, info) => {
  test.setTimeout(120_000);
  const doctorAccount = await onlineDoctor(browser);
  const visit = await bookOnlineVisit(browser, doctorAccount);
  await atTime(visit.patient, new Date(new Date(visit.startsAt).getTime() - 30 * 60_000));
  const page = visit.page;
  await page.goto(`/appointment/${visit.id}/online/`);
  await expect(page.getByTestId('room-early')).toContainText(
    /^Консультация откроется в \d\d:\d\d, за 10 минут до начала приёма/,
  );
  await page.screenshot({ path: info.outputPath(`online-room-early-${info.project.name}.png`) });

  const stranger = await browser.newContext({ baseURL: info.project.use.baseURL });
  const strangerPage = await stranger.newPage();
  await signInThroughApi(
    strangerPage,
    `7901${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
  );
  const res = await strangerPage.goto(`/appointment/${visit.id}/online/`);
  expect(res?.status()).toBe(403);
  await expect(
    strangerPage.getByText('Консультация доступна только пациенту и врачу этого приёма'),
  ).toBeVisible();
  await stranger.close();
  await visit.patient.close();
});

/** A free UDP port for the relay's media (coturn's relay range starts there). */
async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

test('through a TURN relay only, the two still see each other live @desktop', async ({ browser }, info) => {
  test.setTimeout(240_000);
  const turnserver = spawnSync('sh', ['-c', 'command -v turnserver || ls /usr/bin/turnserver'], {
    encoding: 'utf8',
  });
  // .ci/run installs Debian's coturn: without it the relay is untested, so the scenario fails.
  expect(
    turnserver.status,
    'coturn is not installed (apt-get install coturn): the relay scenario needs turnserver',
  ).toBe(0);
  const baseURL = new URL(info.project.use.baseURL as string);
  // The app's TURN_URLS name this port (playwright.config.ts: the app's port + 10000).
  const listening = Number(baseURL.port) + 10_000;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coturn-'));
  const log = path.join(dir, 'turn.log');
  const relayFrom = await freeUdpPort();
  writeFileSync(
    path.join(dir, 'turnserver.conf'),
    [
      `listening-port=${listening}`,
      'listening-ip=127.0.0.1',
      'relay-ip=127.0.0.1',
      `min-port=${relayFrom}`,
      `max-port=${Math.min(65535, relayFrom + 200)}`,
      'use-auth-secret',
      `static-auth-secret=${E2E_TURN_SECRET}`,
      'realm=portal.test',
      'fingerprint',
      'no-tls',
      'no-dtls',
      'no-cli',
      // Both browsers are on this machine: their relayed addresses are loopback ones.
      'allow-loopback-peers',
      'no-multicast-peers',
      `log-file=${log}`,
      'simple-log',
      'verbose',
      `pidfile=${path.join(dir, 'turn.pid')}`,
    ].join('\n'),
  );
  const coturn: ChildProcess = spawn(
    turnserver.stdout.trim().split('\n')[0],
    ['-c', path.join(dir, 'turnserver.conf')],
    {
      stdio: 'ignore',
    },
  );
  try {
    await expect
      .poll(
        () => {
          try {
            return readFileSync(log, 'utf8');
          } catch {
            return '';
          }
        },
        { timeout: 15_000 },
      )
      .toMatch(/listener opened|IPv4\. UDP listener/i);
    const { visit, doctor, doctorPage, patientPage } = await meetInRoom(browser, { relay: true });
    for (const page of [patientPage, doctorPage]) {
      await expect(page.getByTestId('room-state')).toHaveText(/^Собеседник на связи/, { timeout: 60_000 });
      await expect(page.getByTestId('room-route')).toHaveAttribute('data-route', 'relay');
      await expectLiveRemoteVideo(page);
    }
    // coturn let both in with the credentials the app signed, and relayed between them.
    const turnLog = readFileSync(log, 'utf8');
    expect(turnLog).toMatch(/ALLOCATE processed, success/);
    expect(turnLog).toMatch(new RegExp(`user <\\d+:visit-${visit.id}-patient>`));
    expect(turnLog).toMatch(new RegExp(`user <\\d+:visit-${visit.id}-doctor>`));
    await doctorPage.screenshot({ path: info.outputPath(`online-room-relay-${info.project.name}.png`) });
    await doctor.close();
    await visit.patient.close();
  } finally {
    coturn.kill('SIGTERM');
  }
});
