import { data } from 'react-router';

/**
 * A page's loader data when the page refuses the viewer (the cabinet's 'Войти как врач или
 * клиника', staff pages' 'Только для сотрудников', 'Недостаточно прав'): the page still renders its
 * refusal, with the status it means — 401 to someone not signed in, 403 to a signed-in account
 * the page is not for — as the calls behind it answer.
 */
export function refused<T>(viewer: { isAnonymous: boolean }, body: T) {
  return data(body, { status: viewer.isAnonymous ? 401 : 403 });
}
