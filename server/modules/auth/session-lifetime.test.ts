/** How long a session lives: 30 days unused, and never more than 90 days after sign-in. */
import { describe, expect, it } from 'vitest';
import { SESSION_MAX_AGE_MS, SESSION_TTL_MS } from './sessions';
import { sessionCookie, setUpAuthApp } from './testing';

const t = setUpAuthApp();
const DAY = 24 * 3600_000;

const signedIn = async (token: string) =>
  !(await t.app.inject({ url: '/api/auth/pull/', cookies: { sessionid: token } })).json().user.isAnonymous;

describe('session lifetime', () => {
  it('a session unused for 30 days ends', async () => {
    const token = sessionCookie(await t.signIn(t.newPhone()))?.value ?? '';
    t.advance(SESSION_TTL_MS - DAY);
    expect(await signedIn(token)).toBe(true);
    t.advance(SESSION_TTL_MS + DAY);
    expect(await signedIn(token)).toBe(false);
  });

  it('a session used every week still ends 90 days after sign-in', async () => {
    const token = sessionCookie(await t.signIn(t.newPhone()))?.value ?? '';
    for (let elapsed = 7 * DAY; elapsed < SESSION_MAX_AGE_MS; elapsed += 7 * DAY) {
      t.advance(7 * DAY);
      expect(await signedIn(token)).toBe(true);
    }
    t.advance(7 * DAY);
    expect(await signedIn(token)).toBe(false);
  });
});
