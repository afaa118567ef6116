import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../../core/text/html';
import type { ClubService } from './service';

const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});

/** The last four digits only: enough for an administrator to match the patient's phone. */
const maskedPhone = (phone: string | null) =>
  phone ? `+7 *** ***-${phone.slice(-4, -2)}-${phone.slice(-2)}` : '';

/**
 * GET /club/card/{token}/: the card a patient shows a clinic's administrator (the card's
 * `mt_link`). The token is the only key, so the page names no one: the end date, whether the
 * card is in force, and the phone's last digits to match. Never cached or indexed.
 */
export async function clubCardPageRoutes(app: FastifyInstance, { club }: { club: ClubService }) {
  app.get<{ Params: { token: string } }>('/club/card/:token/', async (request, reply) => {
    const card = await club.cardByToken(request.params.token);
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    if (!card)
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(page('Карта не найдена', '<p>Карта не найдена.</p>'));
    const state = card.active
      ? `<p class="ok">Действует до ${escapeHtml(dateFormat.format(card.dtEnd))}</p>`
      : `<p class="off">Срок действия карты истёк ${escapeHtml(dateFormat.format(card.dtEnd))}</p>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Клубная карта ПроДокторов',
          `${state}<p>Выдана ${escapeHtml(dateFormat.format(card.dtStart))}</p><p>Телефон пациента: ${escapeHtml(maskedPhone(card.phone))}</p>`,
        ),
      );
  });
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:24px}.ok{color:#1a7f37;font-weight:600}.off{color:#b42318;font-weight:600}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
