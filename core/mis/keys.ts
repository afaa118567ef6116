/**
 * The cabinet's 'Интеграция с МИС' page (docs/product/mis-api.md): a clinic issues and revokes
 * the keys its software calls the integration API with.
 */
import { CABINET_PAGES } from '../cabinet/pages';

export const CABINET_INTEGRATION_PATH = CABINET_PAGES.integration.path;

/** Live keys a clinic may hold at once (a rotation needs two). */
export const MIS_KEYS_LIMIT = 5;

/**
 * What a key may do. `slots`: push slots; `doctors`: link doctors to their MIS ids;
 * `appointments:read`: the change feed (patients' names, phones, birth dates);
 * `appointments:write`: cancel, move, mark and book visits. Reading the doctors needs no scope.
 */
export const MIS_SCOPES = ['slots', 'doctors', 'appointments:read', 'appointments:write'] as const;
export type MisScope = (typeof MIS_SCOPES)[number];

/** The cabinet's names of the scopes. */
export const MIS_SCOPE_LABELS: Record<MisScope, string> = {
  slots: 'Передача расписания',
  doctors: 'Связь врачей с МИС',
  'appointments:read': 'Чтение записей (данные пациентов)',
  'appointments:write': 'Изменение записей: запись, перенос, отмена, отметка',
};

/** A key label's length. */
export const MIS_KEY_LABEL_MAX = 80;

/** The scopes a key holds: a key made before scopes (null) holds all of them. */
export const scopesOf = (stored: readonly string[] | null): MisScope[] =>
  stored === null ? [...MIS_SCOPES] : MIS_SCOPES.filter((s) => stored.includes(s));

export const MIS_KEY_TEXTS = {
  title: CABINET_PAGES.integration.title,
  lead: 'Ключ API позволяет медицинской информационной системе клиники передавать на портал расписание врачей и забирать новые и отменённые записи.',
  docs: 'Описание API (OpenAPI)',
  create: 'Выпустить ключ',
  created: 'Скопируйте ключ сейчас: больше он показан не будет.',
  copy: 'Скопировать',
  copied: 'Скопировано',
  none: 'Ключей пока нет',
  issued: 'Выпущен',
  lastUsed: 'Последний запрос',
  neverUsed: 'Ещё не использовался',
  revoked: 'Отозван',
  revoke: 'Отозвать',
  revokeAsk: 'Отозвать ключ? Запросы с ним перестанут работать сразу.',
  cancel: 'Отмена',
  rotate: 'Чтобы сменить ключ, выпустите новый, переключите на него МИС и отзовите старый.',
  clinicOnly: 'Ключи API выдаются клинике: войдите как клиника',
  signIn: 'Войдите как клиника',
  tooManyKeys: `Не больше ${MIS_KEYS_LIMIT} действующих ключей: отзовите ненужный`,
  keyNotFound: 'Ключ не найден',
  alreadyRevoked: 'Ключ уже отозван',
  label: 'Название ключа',
  labelRequired: 'Укажите название ключа',
  labelLong: `Название не длиннее ${MIS_KEY_LABEL_MAX} символов`,
  scopes: 'Доступ',
  scopesRequired: 'Выберите хотя бы один доступ',
  badScope: 'Неизвестный доступ',
  fullKey: 'Полный доступ (ключ выпущен до разделения доступов)',
  noLabel: 'Без названия',
  noScope: (scope: string) => `У ключа нет доступа «${scope}»`,
} as const;
