/**
 * The cabinet's 'Интеграция с МИС' page (docs/product/mis-api.md): a clinic issues and revokes
 * the keys its software calls the integration API with.
 */
import { CABINET_PAGES } from '../cabinet/pages';

export const CABINET_INTEGRATION_PATH = CABINET_PAGES.integration.path;

/** Live keys a clinic may hold at once (a rotation needs two). */
export const MIS_KEYS_LIMIT = 5;

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
} as const;
