import type { FastifyInstance, InjectOptions } from 'fastify';

/** The CSRF cookie a visitor's first response gives them. */
export async function csrfToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ url: '/healthz' });
  const cookie = res.cookies.find((c) => c.name === 'csrftoken');
  if (!cookie) throw new Error('no csrftoken cookie issued');
  return cookie.value;
}

/** A state-changing call as the site's clients make it: the cookie echoed in X-CSRFToken. */
export async function injectWithCsrf(app: FastifyInstance, options: InjectOptions & { url: string }) {
  const token = await csrfToken(app);
  return app.inject({
    method: 'POST',
    ...options,
    cookies: { csrftoken: token, ...options.cookies },
    headers: { 'x-csrftoken': token, ...options.headers },
  });
}
