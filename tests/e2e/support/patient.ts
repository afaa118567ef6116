import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';

/**
 * Signing a browser in as a patient for e2e scenarios that are about something else: the
 * sign-in form has its own spec (sign-in.spec.ts); here the same calls go through the API.
 * Each call signs in a new random '7901…' number, so reruns never meet the per-phone limits.
 */

export function randomPhone(): { national: string; digits: string } {
  const tail = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { national: `901${tail}`, digits: `7901${tail}` };
}

export async function csrf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'csrftoken');
  if (!cookie) throw new Error('no csrftoken cookie');
  return cookie.value;
}

/**
 * The made-up address a scenario's patient comes from (the e2e server trusts the loopback proxy),
 * so that a whole run's code requests never meet the per-address limits, which the sign-in spec
 * tests from 127.0.0.1 itself.
 */
export function addressOf(digits: string): { 'X-Forwarded-For': string } {
  return { 'X-Forwarded-For': `10.${digits.slice(-6, -4)}.${digits.slice(-4, -2)}.${digits.slice(-2)}` };
}

/** The newest code the dev adapters sent to the phone (/dev/outbox.json lists newest first). */
export async function codeFor(page: Page, digits: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const outbox = await (await page.request.get('/dev/outbox.json')).json();
    const message = (outbox.messages as { phone: string; code: string | null }[]).find(
      (m) => m.phone === digits && m.code,
    );
    expect(message?.code).toMatch(/^\d{4}$/);
    code = message?.code ?? '';
  }).toPass({ timeout: 10_000 });
  return code;
}

/**
 * Signs the browser context in through the API, as the sign-in form would. A demo work account
 * (staff, doctor, clinic: server/db/seed/rows/user.ts) signs in the same way with `asPatient: false`.
 */
export async function signInThroughApi(page: Page, digits: string, { asPatient = true } = {}) {
  await page.request.get('/healthz');
  // Each patient signs in from an address of their own, as in life (the e2e server trusts the
  // loopback proxy): the per-address limits of a whole run's sign-ins stay for the sign-in
  // specs, which type their codes in the browser from 127.0.0.1.
  const from = addressOf(digits);
  const request = await page.request.post('/services/sso/confirmation/request/', {
    data: { phone: digits },
    headers: { 'X-CSRFToken': await csrf(page), ...from },
  });
  expect(request.status(), `code request for ${digits}: ${await request.text()}`).toBe(200);
  const { service_id } = await request.json();
  const code = await codeFor(page, digits);
  const confirm = await page.request.post('/services/sso/confirmation/confirm/?client_id=portal', {
    data: { phone: digits, code, service_id, mobile_app: false },
    headers: { 'X-CSRFToken': await csrf(page), ...from },
  });
  expect(confirm.status()).toBe(200);
  const login = await page.request.post('/api/auth/login/', {
    data: { authorization_code: (await confirm.json()).authorization_code, client_id: 'portal' },
    headers: { 'X-CSRFToken': await csrf(page) },
  });
  expect(login.status()).toBe(200);
  expect((await login.json()).user.isRealPatient).toBe(asPatient);
}

/** The demo work accounts the scenarios use (server/db/seed/rows/user.ts). */
export const WORK_PHONES = {
  staff: '79990000001',
  firstDoctor: '79990001001',
  firstClinic: '79990002001',
} as const;

/**
 * Where signed-in work accounts' cookies wait for the next scenario (the run's output folder),
 * per viewport: each viewport's server has its own database, so its own sessions.
 */
const sessionFile = (digits: string) =>
  path.join(test.info().project.outputDir, '.work-sessions', `${test.info().project.name}-${digits}.json`);

/**
 * A browser context signed in as a demo work account. The account signs in once per run and
 * viewport, and later contexts reuse its session: a phone may ask for a new code
 * only every 30 s, and several scenarios act as the same staff member or doctor.
 */
export async function workAccountContext(browser: Browser, digits: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const file = sessionFile(digits);
  if (existsSync(file)) {
    await context.addCookies(JSON.parse(readFileSync(file, 'utf8')));
    return context;
  }
  await signInThroughApi(await context.newPage(), digits, { asPatient: false });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(await context.cookies()));
  return context;
}
