import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../core/text/html';
import { notFound } from '../http/errors';
import { CSRF_COOKIE, requireCsrf } from '../security/csrf';
import type { DevOutbox, OutboxCallCheck, OutboxEmail, OutboxMessage } from './dev-outbox';

const METHOD_LABELS: Record<OutboxMessage['method'], string> = {
  sms: 'SMS',
  call: 'Звонок',
  vk: 'ВКонтакте',
};

/**
 * The dev adapters' "phone": GET /dev/outbox (HTML), GET /dev/outbox.json, and
 * POST /dev/outbox/calls/{checkId}/ring to simulate a call-in. Mount only with dev adapters.
 */
export async function devOutboxRoutes(app: FastifyInstance, { outbox }: { outbox: DevOutbox }) {
  // The ring button posts a form; the app's API scope already parses forms, a bare app may not.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);

  app.get('/dev/outbox.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      messages: outbox.listMessages().map(({ phone, method, code, text, at, caller }) => ({
        phone,
        method,
        code,
        text,
        at,
        ...(caller ? { caller } : {}),
      })),
      calls: outbox.listChecks().map((c) => ({
        uuid: c.checkId,
        phone: c.phone,
        call_phone: c.callPhone,
        status: c.status,
        created_at: c.createdAt,
      })),
      emails: outbox.listEmails().map(({ to, subject, text, at }) => ({ to, subject, text, at })),
    };
  });

  app.get('/dev/outbox', async (request, reply) => {
    const csrf = request.cookies[CSRF_COOKIE] ?? '';
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderOutboxPage(outbox.listMessages(), outbox.listChecks(), outbox.listEmails(), csrf));
  });

  app.post<{ Params: { checkId: string } }>(
    '/dev/outbox/calls/:checkId/ring',
    { preValidation: requireCsrf },
    async (request, reply) => {
      if (!outbox.ring(request.params.checkId)) {
        throw notFound('Проверка не найдена или уже завершена');
      }
      return reply.redirect('/dev/outbox', 303);
    },
  );
}

function renderOutboxPage(
  messages: OutboxMessage[],
  checks: OutboxCallCheck[],
  emails: OutboxEmail[],
  csrf: string,
): string {
  const emailRows = emails
    .map(
      (e) =>
        `<tr><td>${escapeHtml(e.at)}</td><td>${escapeHtml(e.to)}</td><td>${escapeHtml(e.subject)}</td>` +
        `<td><pre>${escapeHtml(e.text)}</pre></td></tr>`,
    )
    .join('');
  const messageRows = messages
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.at)}</td><td>${escapeHtml(m.phone)}</td><td>${escapeHtml(METHOD_LABELS[m.method])}</td>` +
        `<td><b>${escapeHtml(m.code ?? '—')}</b></td><td>${escapeHtml(m.text)}</td></tr>`,
    )
    .join('');
  const pending = checks.filter((c) => c.status === 'waiting');
  const checkRows = pending
    .map(
      (c) =>
        `<tr><td>${escapeHtml(c.createdAt)}</td><td>${escapeHtml(c.phone)}</td><td>${escapeHtml(c.callPhone)}</td>` +
        `<td><form method="post" action="/dev/outbox/calls/${escapeHtml(encodeURIComponent(c.checkId))}/ring">` +
        `<input type="hidden" name="csrfmiddlewaretoken" value="${escapeHtml(csrf)}">` +
        `<button type="submit">Позвонить</button></form></td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Исходящие коды</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:16px}table{border-collapse:collapse;margin-bottom:24px}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}</style>
</head><body>
<h1>Исходящие коды</h1>
<p><a href="/dev/outbox">Обновить</a> · <a href="/dev/outbox.json">JSON</a></p>
<h2>Последние коды</h2>
${
  messages.length
    ? `<table><thead><tr><th>Время</th><th>Телефон</th><th>Способ</th><th>Код</th><th>Текст</th></tr></thead><tbody>${messageRows}</tbody></table>`
    : '<p>Кодов пока нет.</p>'
}
<h2>Ожидают звонка</h2>
${
  pending.length
    ? `<table><thead><tr><th>Время</th><th>Телефон</th><th>Номер для звонка</th><th></th></tr></thead><tbody>${checkRows}</tbody></table>`
    : '<p>Нет ожидающих звонков.</p>'
}
<h2>Письма</h2>
${
  emails.length
    ? `<table><thead><tr><th>Время</th><th>Кому</th><th>Тема</th><th>Текст</th></tr></thead><tbody>${emailRows}</tbody></table>`
    : '<p>Писем пока нет.</p>'
}
</body></html>`;
}
