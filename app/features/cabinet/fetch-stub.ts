import { vi } from 'vitest';

/**
 * For the cabinet's component tests: `fetch` answers the given replies in turn (the last one
 * again after that), and `sent(i)` reads the i-th request back (its URL, method and JSON body).
 */
export function stubFetch(...replies: (() => Response)[]) {
  let next = 0;
  const fetchStub = vi.fn(async (_url: string, _init?: RequestInit) => {
    const reply = replies[Math.min(next, replies.length - 1)];
    next += 1;
    return reply();
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    fetch: fetchStub,
    sent(i = 0) {
      const [url, init] = fetchStub.mock.calls[i] as [string, RequestInit | undefined];
      const body = init?.body;
      return {
        url,
        method: init?.method,
        body: typeof body === 'string' ? JSON.parse(body) : body,
      };
    },
  };
}

/** A request's body sent as a form (a file upload): fails the test when it was anything else. */
export function formOf(body: unknown): FormData {
  if (!(body instanceof FormData)) throw new Error(`expected a FormData body, got ${typeof body}`);
  return body;
}

export const json =
  (data: unknown, status = 200) =>
  () =>
    Response.json(data, { status });

/** A stubbed server's answer to one request: its JSON body, and its status (200 unless given). */
export type RouteAnswer = { status?: number; body: unknown };

/**
 * `fetch` answers each 'METHOD path' (the query left out) from its own queue, and fails a
 * request it has no answer for; what was sent is kept in order (the route and the JSON body).
 */
export function stubRoutes(routes: Record<string, RouteAnswer[]>) {
  const sent: { route: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const route = `${init.method} ${url.split('?')[0]}`;
      sent.push({ route, body: init.body ? JSON.parse(String(init.body)) : null });
      const answer = routes[route]?.shift();
      if (!answer) throw new Error(`no answer for ${route}`);
      return Response.json(answer.body, { status: answer.status ?? 200 });
    }),
  );
  return sent;
}
