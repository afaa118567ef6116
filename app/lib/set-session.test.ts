// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SET_SESSION_PATH } from '../../core/http/set-session';
import { api } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie as the server would
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('api.setSession', () => {
  it('asks for the cookies with OPTIONS when the browser has no csrftoken', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetch);
    api.setSession();
    expect(fetch).toHaveBeenCalledExactlyOnceWith(SET_SESSION_PATH, {
      method: 'OPTIONS',
      credentials: 'same-origin',
    });
  });

  it('asks nothing when the cookie is there', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie as the server would
    document.cookie = `csrftoken=${'a'.repeat(32)}; path=/`;
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetch);
    api.setSession();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stays quiet when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    expect(() => api.setSession()).not.toThrow();
    await Promise.resolve();
  });
});
