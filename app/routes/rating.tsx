import { HALF_LIFE_DAYS, MAX_STARS, PRIOR_WEIGHT, TONE_THRESHOLD } from '../../core/reviews/rating';
import { pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/rating';

/** `/rating/`: how the rating of doctors and clinics is counted (the formula is public). */
export function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  return { origin: context.origin };
}

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: 'Как считается рейтинг врачей и клиник — ПроДокторов',
    description:
      'Формула рейтинга: оценки из отзывов, вес подробных и свежих отзывов, какие отзывы не учитываются.',
    canonical: `${loaderData?.origin ?? ''}/rating/`,
  });

export default function RatingFormula() {
  const years = HALF_LIFE_DAYS / 365;
  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">Как считается рейтинг</h1>
      <div className="card mt-4 flex flex-col gap-4 p-4 leading-relaxed sm:p-6">
        <p>
          Рейтинг врача или клиники складывается только из отзывов пациентов. Мы публикуем формулу, чтобы
          каждый мог проверить, откуда берётся число.
        </p>
        <section aria-labelledby="score">
          <h2 id="score" className="text-lg font-semibold">
            1. Оценка одного отзыва: от −2 до +2
          </h2>
          <p className="mt-1">
            Пациент ставит оценки по критериям — от 0 до {MAX_STARS} звёзд. Среднее число звёзд переводится в
            шкалу от −2 до +2: 0 звёзд — это −2, 2,5 звезды — 0, {MAX_STARS} звёзд — +2. Если оценок по
            критериям нет, учитывается тон отзыва: положительный +2, нейтральный 0, отрицательный −2.
          </p>
        </section>
        <section aria-labelledby="weight">
          <h2 id="weight" className="text-lg font-semibold">
            2. Вес отзыва
          </h2>
          <p className="mt-1">
            Подробные отзывы весят больше: от 300 символов — в полтора раза, от 100 — обычно, короче — вдвое
            меньше. Старые отзывы весят меньше свежих: вес уменьшается вдвое каждые {years} года.
          </p>
        </section>
        <section aria-labelledby="excluded">
          <h2 id="excluded" className="text-lg font-semibold">
            3. Какие отзывы не учитываются
          </h2>
          <ul className="mt-1 list-disc pl-5">
            <li>ещё не прошедшие проверку, неподтверждённые и удалённые;</li>
            <li>
              отзывы, по которым клиника решила проблему: автор подтвердил, что её исправили, и оценка больше
              не влияет на рейтинг;
            </li>
            <li>с 25.06.2019 — отзывы неавторизованных пользователей.</li>
          </ul>
        </section>
        <section aria-labelledby="total">
          <h2 id="total" className="text-lg font-semibold">
            4. Итог
          </h2>
          <p className="mt-1">
            Рейтинг — средневзвешенная оценка отзывов, к которым добавлен один нейтральный отзыв весом{' '}
            {PRIOR_WEIGHT}: так один-единственный отзыв не делает врача лучшим или худшим в городе. На сайте
            рейтинг показан звёздами от 0 до {MAX_STARS}: (рейтинг + 2) × 5 / 4. Рейтинг ниже −
            {String(TONE_THRESHOLD).replace('.', ',')} выделен красным, выше{' '}
            {String(TONE_THRESHOLD).replace('.', ',')} — зелёным, между ними — серым.
          </p>
          <p className="mt-2">
            Пример: три отзыва на +2 и один на −2, все свежие и обычной длины: (2 + 2 + 2 − 2) / (4 + 1) =
            +0,8, то есть 3,5 звезды.
          </p>
        </section>
      </div>
    </>
  );
}
