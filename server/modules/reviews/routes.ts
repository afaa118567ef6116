import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isTagTranslit } from '../../../core/reviews/tags';
import { REVIEW_TYPES } from '../../../core/reviews/types';
import type { ReviewAwardsService } from './awards';
import type { PatientProfileService } from './patient-profile';
import type { ReviewSubject } from './repo';
import { REVIEWS_PAGE_SIZES, type ReviewsService } from './service';

const Params = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Отсутствует идентификатор отзыва или его тип')
    .transform(Number)
    .refine((n) => n > 0, 'Отсутствует идентификатор отзыва или его тип'),
});

const Query = z.object({
  page: z
    .string('Некорректный номер страницы')
    .regex(/^\d{1,5}$/, 'Некорректный номер страницы')
    .transform(Number)
    .refine((n) => n >= 1, 'Некорректный номер страницы')
    .default(1),
  ratetype: z.enum(REVIEW_TYPES, 'Неизвестный тип отзывов').default('all'),
  page_size: z
    .enum(REVIEWS_PAGE_SIZES.map(String) as ['10', '20'], 'Размер страницы: 10 или 20')
    .transform(Number)
    .default(10),
  tag: z.string().refine(isTagTranslit, 'Некорректный тег').optional(),
});

const PatientId = z
  .string()
  .regex(/^\d{0,9}$/, 'Некорректный идентификатор пациента')
  .optional()
  .transform((s) => (s ? Number(s) : null));

const PatientQuery = z
  .object({ patient_id: PatientId, patient_mobile_id: PatientId })
  .transform((q) => q.patient_id || q.patient_mobile_id || null)
  .refine((id): id is number => id !== null, 'Не указан пациент');

const AppointmentParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Некорректный номер записи')
    .transform(Number),
});

/** At most this many review ids in one beacon (a long session's page of reviews). */
const MAX_SEEN = 200;
const ReviewIds = z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_SEEN).default([]);
const RatesSeen = z.object({
  rates_id: z
    .string('Не передан rates_id')
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'rates_id: некорректный JSON' });
        return z.NEVER;
      }
    })
    .pipe(
      z.object(
        { lpu_rates_id: ReviewIds, doctor_rates_id: ReviewIds },
        'rates_id: ожидаются lpu_rates_id и doctor_rates_id',
      ),
    ),
});

/**
 * The reviews call (spec section 7: GET {reviews ajax url}?page&ratetype → template (HTML) and
 * next_page_number): `/ajax/doctor/{id}/reviews/` and `/ajax/lpu/{id}/reviews/`; `tag` (a tag's
 * translit) narrows it to the reviews that mention the tag, `page_size` 20 serves phones.
 */
export async function reviewsRoutes(
  app: FastifyInstance,
  {
    reviews,
    patientProfiles,
    awards,
  }: { reviews: ReviewsService; patientProfiles: PatientProfileService; awards: ReviewAwardsService },
) {
  for (const kind of ['doctor', 'lpu'] as const) {
    app.get(`/ajax/${kind}/:id/reviews/`, async (request, reply) => {
      const params = Params.safeParse(request.params);
      if (!params.success) return reply.status(400).send({ detail: params.error.issues[0].message });
      const query = Query.safeParse(request.query);
      if (!query.success) return reply.status(400).send({ detail: query.error.issues[0].message });
      const subject: ReviewSubject = { kind, id: params.data.id };
      const { ratetype, page, page_size, tag } = query.data;
      return reviews.page(subject, ratetype, page, page_size, tag ?? null);
    });
  }

  // The rate-metrics beacon (spec section 7): form field rates_id = JSON {lpu_rates_id,
  // doctor_rates_id}, the reviews seen for 2 s, sent by navigator.sendBeacon when the page hides.
  app.post('/ajax/rate_metrics/', async (request, reply) => {
    const body = RatesSeen.safeParse(request.body ?? {});
    if (!body.success) return reply.status(400).send({ detail: body.error.issues[0].message });
    const { lpu_rates_id, doctor_rates_id } = body.data.rates_id;
    await reviews.countViews({ doctor: doctor_rates_id, lpu: lpu_rates_id });
    return reply.status(204).send();
  });

  // The author's trust profile (spec section 7: GET /api/rates/patient_profile/?patient_id&patient_mobile_id).
  app.get('/api/rates/patient_profile/', async (request, reply) => {
    const query = PatientQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).send({ detail: query.error.issues[0].message });
    const profile = await patientProfiles.profile(query.data);
    if (!profile) return reply.status(404).send({ detail: 'Пациент не найден' });
    return profile;
  });

  // The review award programme: the patient's 300 ₽ discounts, and applying one to a booking.
  app.get('/api/patient/review-awards/', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { awards: await awards.mine(await request.viewer()) };
  });
  app.post('/api/appointment/:id/review-award/', async (request, reply) => {
    const params = AppointmentParams.safeParse(request.params);
    if (!params.success) return reply.status(400).send({ detail: params.error.issues[0].message });
    return awards.apply(await request.viewer(), params.data.id);
  });
}
