import { reviewsUrl } from '../../core/directory/urls';
import { reviewFormUrl } from '../../core/reviews/urls';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { ReviewForm } from '../features/reviews/write/review-form';
import { notFound, pageMeta } from '../lib/seo';
import { pageContextOf } from '../lib/services.server';
import type { ShellHandle } from '../lib/shell';
import type { Route } from './+types/review-new';

/**
 * `/reviews/new/?doctor={id}` or `?lpu={id}`: the review form; `?invite={token}`: the form the
 * invitation after a visit opens, for that visit's doctor (or clinic) and month, or why it does not.
 */
export async function loader({ url, context: router }: Route.LoaderArgs) {
  const context = pageContextOf(router);
  const invite = url.searchParams.get('invite');
  if (invite !== null) {
    const form = await context.services.reviewWriter.invitationForm(context.viewer, invite);
    // The link's token stays out of the canonical address and of `next`.
    return 'form' in form
      ? { origin: context.origin, form: null, invitationRefusal: form.refusal, next: url.pathname }
      : { origin: context.origin, form, invitationRefusal: null, next: url.pathname };
  }
  const doctor = url.searchParams.get('doctor');
  const lpu = url.searchParams.get('lpu');
  const raw = doctor ?? lpu;
  if (!raw || !/^\d{1,9}$/.test(raw) || (doctor && lpu)) throw notFound();
  const kind = doctor ? ('doctor' as const) : ('lpu' as const);
  const form = await context.services.reviewWriter.formContext(context.viewer, kind, Number(raw));
  if (!form) throw notFound();
  return { origin: context.origin, form, invitationRefusal: null, next: `${url.pathname}${url.search}` };
}

export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export const handle: ShellHandle = { width: '3xl' };

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  d && !d.form
    ? pageMeta({
        title: 'Отзыв о приёме — ПроДокторов',
        description: 'Расскажите о приёме: ваш отзыв поможет другим пациентам выбрать врача.',
        canonical: `${d.origin}/reviews/new/`,
        noindex: true,
      })
    : d?.form
      ? [
          ...pageMeta({
            title: `Отзыв о ${d.form.kind === 'doctor' ? 'враче' : 'клинике'} ${d.form.name} — ПроДокторов`,
            description: 'Расскажите о приёме: ваш отзыв поможет другим пациентам выбрать врача.',
            canonical: `${d.origin}${reviewFormUrl(d.form.kind, d.form.id)}`,
            noindex: true,
          }),
        ]
      : [];

export default function ReviewNew({ loaderData: d }: Route.ComponentProps) {
  const { form } = d;
  if (!form)
    return (
      <>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Отзыв о приёме</h1>
        <div className="card mt-6 p-6 text-center" role="status">
          <p className="text-lg font-semibold">{d.invitationRefusal}</p>
          <a href="/" className="mt-4 inline-block text-brand underline">
            На главную
          </a>
        </div>
      </>
    );
  return (
    <>
      <Breadcrumbs
        items={[
          { name: form.name, path: form.url },
          { name: 'Отзывы', path: reviewsUrl(form.url) },
          { name: 'Новый отзыв', path: reviewFormUrl(form.kind, form.id) },
        ]}
      />
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">
        Отзыв о {form.kind === 'doctor' ? 'враче' : 'клинике'}
      </h1>
      <p className="mt-1 text-lg">
        <a href={form.url} className="text-brand hover:underline">
          {form.name}
        </a>
      </p>
      {form.refusal ? (
        <div className="card mt-6 p-6 text-center" role="status">
          <p className="text-lg font-semibold">{form.refusal}</p>
          {form.signInToWrite ? (
            <a
              href={`/login/?kind=patient&next=${encodeURIComponent(d.next)}`}
              className="mt-4 inline-block rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark"
            >
              Войти как пациент
            </a>
          ) : null}
        </div>
      ) : (
        <ReviewForm
          kind={form.kind}
          id={form.id}
          url={form.url}
          criteria={form.criteria}
          tags={form.tags}
          months={form.months}
          invite={form.invite}
        />
      )}
    </>
  );
}
