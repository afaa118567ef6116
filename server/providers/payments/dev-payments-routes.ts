import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../../core/text/html';
import { notFound } from '../../http/errors';
import { CSRF_COOKIE, requireCsrf } from '../../security/csrf';
import type { DevNotification, DevPaymentsProvider } from './dev-payments';

const roubles = (kopecks: number) => `${new Intl.NumberFormat('ru-RU').format(Math.floor(kopecks / 100))} ₽`;

/**
 * The dev provider's checkout: GET /dev/pay/{id} shows the amount and description with
 * 'Оплатить' and 'Отклонить'; pressing one decides the payment, sends our notification handler
 * the provider's notification (in-process, through the same re-read and apply as a real one)
 * and returns the browser to the shop, as a real checkout does. Mounted only with the dev provider.
 */
export async function devPaymentsRoutes(
  app: FastifyInstance,
  {
    provider,
    notify,
  }: { provider: DevPaymentsProvider; notify: (body: DevNotification) => Promise<unknown> },
) {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);

  app.get<{ Params: { id: string } }>('/dev/pay/:id', async (request, reply) => {
    const payment = await provider.find(request.params.id);
    if (!payment) throw notFound('Платёж не найден');
    const csrf = request.cookies[CSRF_COOKIE] ?? '';
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderCheckout(payment, csrf));
  });

  for (const [action, outcome] of [
    ['pay', 'succeeded'],
    ['decline', 'canceled'],
  ] as const) {
    app.post<{ Params: { id: string } }>(
      `/dev/pay/:id/${action}`,
      { preValidation: requireCsrf },
      async (request, reply) => {
        const payment = await provider.find(request.params.id);
        if (!payment) throw notFound('Платёж не найден');
        // A second press (or the other button after the first) changes nothing: back to the shop.
        if (await provider.decide(payment.id, outcome)) {
          await notify({
            event: outcome === 'succeeded' ? 'payment.succeeded' : 'payment.canceled',
            object: { id: payment.id },
          });
        }
        return reply.redirect(payment.returnUrl, 303);
      },
    );
  }
}

function renderCheckout(
  payment: { id: string; amount: number; description: string; status: string },
  csrf: string,
): string {
  const id = escapeHtml(encodeURIComponent(payment.id));
  const token = `<input type="hidden" name="csrfmiddlewaretoken" value="${escapeHtml(csrf)}">`;
  const actions =
    payment.status === 'pending'
      ? `<form method="post" action="/dev/pay/${id}/pay">${token}<button type="submit">Оплатить</button></form>
<form method="post" action="/dev/pay/${id}/decline">${token}<button type="submit">Отклонить</button></form>`
      : `<p>Платёж уже ${payment.status === 'succeeded' ? 'оплачен' : 'отклонён'}.</p>`;
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Тестовая оплата</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:24px;max-width:480px}form{display:inline-block;margin-right:12px}button{font:inherit;padding:8px 16px}</style>
</head><body>
<h1>Тестовая оплата</h1>
<p>Деньги не списываются: это проверочная страница платёжного сервиса.</p>
<p>${escapeHtml(payment.description)}</p>
<p><b>${escapeHtml(roubles(payment.amount))}</b></p>
${actions}
</body></html>`;
}
