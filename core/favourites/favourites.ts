import { isWorkAccount, type Viewer } from '../auth/viewer';

/** The API's names (docs/product/favourites.md): doctors, or clinics as 'lpu'. */
export const FAVOURITE_TYPES = ['doctors', 'lpu'] as const;
export type FavouriteType = (typeof FAVOURITE_TYPES)[number];

/** One list call answers at most this many ids (a page shows 20 cards). */
export const MAX_FAVOURITE_IDS = 100;

export const FAVOURITES_PAGE = '/favourites/';

/** The product's exact texts (docs/product/favourites.md). */
export const FAVOURITE_TEXTS = {
  add: 'Добавить в избранное',
  remove: 'Удалить из избранного',
  added: 'Добавлено в избранное',
  goTo: 'Перейти',
  removed: 'Удалено из избранного',
  undo: 'Отменить',
  restored: 'Восстановлено',
  failed: 'Произошла ошибка',
  signInTitle: 'Необходимо войти в личный кабинет',
  notNow: 'Не сейчас',
  signIn: 'Войти',
  notFound: 'Не найдено',
  badId: 'Некорректный идентификатор',
} as const;

const MAX_ID = 2_147_483_647;

/** An id from a path or a query: digits only, above 0, within the database's integer. */
export function parseFavouriteId(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

export type FavouritesAccess = 'patient' | 'sign-in' | 'work-account';

/**
 * Who may keep favourites: a real patient. Work accounts are refused with
 * 'Недоступно для рабочих аккаунтов'; anyone else is asked to sign in as a patient.
 */
export function favouritesAccess(viewer: Viewer): FavouritesAccess {
  if (isWorkAccount(viewer)) return 'work-account';
  return viewer.isRealPatient ? 'patient' : 'sign-in';
}

const ADD_PARAM = 'addToFavourites';
const TYPE_PARAM = 'favouriteType';

/**
 * The sign-in link of an anonymous heart click: back to the same page with
 * `addToFavourites={id}` (and `favouriteType=lpu` for a clinic), so the heart adds it then.
 */
export function favouriteLoginHref(currentPath: string, type: FavouriteType, id: number): string {
  const url = new URL(currentPath, 'http://same.invalid');
  url.searchParams.set(ADD_PARAM, String(id));
  if (type === 'lpu') url.searchParams.set(TYPE_PARAM, 'lpu');
  else url.searchParams.delete(TYPE_PARAM);
  const next = `${url.pathname}${url.search}${url.hash}`;
  return `/login/?next=${encodeURIComponent(next)}`;
}

/** The favourite a return URL asks to add, or null. */
export function pendingFavourite(search: string): { type: FavouriteType; id: number } | null {
  const params = new URLSearchParams(search);
  const id = parseFavouriteId(params.get(ADD_PARAM));
  if (id === null) return null;
  return { type: params.get(TYPE_PARAM) === 'lpu' ? 'lpu' : 'doctors', id };
}

/** The same address without the return parameters, so a reload does not add it again. */
export function withoutFavouriteParams(pathWithQuery: string): string {
  const url = new URL(pathWithQuery, 'http://same.invalid');
  url.searchParams.delete(ADD_PARAM);
  url.searchParams.delete(TYPE_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}
