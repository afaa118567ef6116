import Fastify from 'fastify';
import type { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGES_AT_ONCE, publicUrlOf, registerPages, withTrailingSlash } from './pages';

describe('withTrailingSlash', () => {
  it('redirects page paths to their slash-terminated form, keeping the query', () => {
    expect(withTrailingSlash('GET', '/moskva/vrach')).toBe('/moskva/vrach/');
    expect(withTrailingSlash('GET', '/moskva/vrach/terapevt?page=2')).toBe('/moskva/vrach/terapevt/?page=2');
  });

  it('leaves canonical paths, files, data requests and posts alone', () => {
    expect(withTrailingSlash('GET', '/moskva/vrach/')).toBeNull();
    expect(withTrailingSlash('GET', '/assets/root-abc.js')).toBeNull();
    expect(withTrailingSlash('GET', '/moskva/vrach/_.data')).toBeNull();
    expect(withTrailingSlash('GET', '/moskva/vrach/_.data?page=2')).toBeNull();
    expect(withTrailingSlash('POST', '/moskva/vrach')).toBeNull();
    expect(withTrailingSlash('GET', '/__manifest?p=%2Fmoskva%2Fvrach%2F&version=abc')).toBeNull();
  });

  it('never redirects to another site', () => {
    expect(withTrailingSlash('GET', '//evil.example/x')).toBe('/evil.example/x/');
    expect(withTrailingSlash('GET', '///evil.example/x?a=1')).toBe('/evil.example/x/?a=1');
  });
});

describe('publicUrlOf', () => {
  const origin = 'https://portal.example.ru';

  it('puts the request target on the public origin', () => {
    expect(publicUrlOf(origin, '/moskva/lpu/?page=2').href).toBe(
      'https://portal.example.ru/moskva/lpu/?page=2',
    );
  });

  it('keeps no host a request target names', () => {
    const slashes = publicUrlOf(origin, '//evil.example/x');
    expect(slashes.origin).toBe(origin);
    expect(slashes.pathname).toBe('//evil.example/x');
    expect(publicUrlOf(origin, '/\\evil.example/x').origin).toBe(origin);
    expect(publicUrlOf(origin, 'http://evil.example/moskva/?a=1').href).toBe(
      'https://portal.example.ru/moskva/?a=1',
    );
  });

  it('refuses a target that is no URL with a 400', () => {
    expect(() => publicUrlOf(origin, 'http://[')).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('registerPages', () => {
  /**
   * Eight page requests at once; each is "worked on" from its load context until its build
   * resolves (a build that fails after 20 ms: the page itself does not matter here).
   */
  async function mostAtOnce(atOnce?: number) {
    const app = Fastify();
    let active = 0;
    let most = 0;
    const order: string[] = [];
    const build = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      active--;
      throw new Error('no build in this test');
    };
    await registerPages(
      app,
      build,
      'production',
      'http://localhost',
      async (request) => {
        active++;
        most = Math.max(most, active);
        order.push(request.url);
        return {} as RouterContextProvider;
      },
      { atOnce },
    );
    const urls = Array.from({ length: 8 }, (_, i) => `/page/${i}/`);
    const replies = await Promise.all(urls.map((url) => app.inject({ url })));
    await app.close();
    expect(replies.map((r) => r.statusCode)).toEqual(urls.map(() => 500));
    expect(order).toEqual(urls);
    return most;
  }

  it('works on a few page requests at once; the rest wait their turn, first come first served', async () => {
    expect(await mostAtOnce(1)).toBe(1);
    expect(await mostAtOnce(3)).toBe(3);
    expect(await mostAtOnce()).toBe(PAGES_AT_ONCE);
  });
});
