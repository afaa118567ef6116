import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REVIEW_TYPES } from '../../../core/reviews/types';
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
});

/**
 * The reviews call (spec section 7: GET {reviews ajax url}?page&ratetype → template (HTML) and
 * next_page_number): `/ajax/doctor/{id}/reviews/` and `/ajax/lpu/{id}/reviews/`.
 */
export async function reviewsRoutes(app: FastifyInstance, { reviews }: { reviews: ReviewsService }) {
  for (const kind of ['doctor', 'lpu'] as const) {
    app.get(`/ajax/${kind}/:id/reviews/`, async (request, reply) => {
      const params = Params.safeParse(request.params);
      if (!params.success) return reply.status(400).send({ detail: params.error.issues[0].message });
      const query = Query.safeParse(request.query);
      if (!query.success) return reply.status(400).send({ detail: query.error.issues[0].message });
      const subject: ReviewSubject = { kind, id: params.data.id };
      return reviews.page(subject, query.data.ratetype, query.data.page, query.data.page_size);
    });
  }
}
