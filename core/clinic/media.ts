/**
 * The clinic page's media as its account edits them in the cabinet (docs/product/cabinet.md,
 * 'Photos, videos, licences and equipment'): the gallery's photos and videos, the licences and
 * the equipment. Limits and texts; video links are core/clinic/video.ts. Pure: today is an argument.
 */

export const CLINIC_MEDIA_LIMITS = {
  /** Live photos of one clinic. */
  photosMax: 30,
  videosMax: 10,
  licencesMax: 20,
  equipmentMax: 50,
  /** An uploaded image as sent. */
  imageBytes: 10 * 1024 * 1024,
  /** The stored image fits this box (no upscaling), re-encoded as WebP. */
  imageWidth: 1600,
  imageHeight: 1200,
  /** The shortest side an upload may have. */
  imageMinSide: 200,
  captionMax: 200,
  licenceNumberMax: 60,
  authorityMax: 300,
  equipmentNameMax: 120,
  equipmentDescriptionMax: 2000,
  attributesMax: 20,
  attributeNameMax: 60,
  attributeValueMax: 200,
  /** A licence issued before this year is a typo. */
  licenceFromYear: 1990,
} as const;

const L = CLINIC_MEDIA_LIMITS;

export const CLINIC_MEDIA_TEXTS = {
  photosTitle: 'Фотографии клиники',
  photosLead: 'Фотографии появляются на странице клиники сразу. Порядок здесь — порядок на странице.',
  photosNone: 'Фотографий пока нет.',
  photoUpload: 'Загрузить фотографию',
  photoUploading: 'Загружаем…',
  photoAdded: 'Фотография добавлена',
  photoRemoved: 'Фотография убрана',
  photoRemoveAsk: 'Убрать фотографию со страницы клиники?',
  photoHint: 'JPEG, PNG или WebP, до 10 МБ',
  videosTitle: 'Видео',
  videosLead: 'Ссылка на видео из VK Видео или RuTube. Пациенты смотрят его на странице клиники.',
  videosNone: 'Видео пока нет.',
  videoUrl: 'Ссылка на видео',
  videoAdd: 'Добавить видео',
  videoAdded: 'Видео добавлено',
  videoRemoved: 'Видео убрано',
  videoRemoveAsk: 'Убрать видео со страницы клиники?',
  videoFallbackTitle: 'Видео о клинике',
  caption: 'Подпись',
  captionSave: 'Сохранить подпись',
  captionSaved: 'Подпись сохранена',
  captionTooLong: `Подпись — не больше ${L.captionMax} символов`,
  moveUp: 'Выше',
  moveDown: 'Ниже',
  moved: 'Порядок сохранён',
  remove: 'Убрать',
  cancel: 'Отмена',
  edit: 'Изменить',
  save: 'Сохранить',
  saved: 'Сохранено',
  licencesTitle: 'Лицензии',
  licencesLead: 'Номер, дата и кем выдана. Скан можно не загружать: страница покажет данные лицензии.',
  licencesNone: 'Лицензий пока нет.',
  licenceAdd: 'Добавить лицензию',
  licenceAdded: 'Лицензия добавлена',
  licenceRemoved: 'Лицензия убрана',
  licenceRemoveAsk: 'Убрать лицензию со страницы клиники?',
  licenceNumber: 'Номер лицензии',
  licenceNumberMissing: 'Укажите номер лицензии',
  licenceNumberTooLong: `Номер — не больше ${L.licenceNumberMax} символов`,
  licenceIssuedAt: 'Дата выдачи',
  licenceDateInvalid: 'Укажите дату выдачи',
  licenceDateFuture: 'Дата выдачи не может быть позже сегодняшней',
  licenceAuthority: 'Кем выдана',
  authorityMissing: 'Укажите, кем выдана лицензия',
  authorityTooLong: `Не больше ${L.authorityMax} символов`,
  licenceScan: 'Скан лицензии',
  licenceDuplicate: 'Лицензия с таким номером уже есть',
  licenceNotFound: 'Такой лицензии нет',
  licencesTooMany: `Не больше ${L.licencesMax} лицензий`,
  equipmentTitle: 'Оборудование',
  equipmentLead:
    'Название, описание и характеристики. Пациенты видят их во всплывающем окне на странице клиники.',
  equipmentNone: 'Оборудования пока нет.',
  equipmentAdd: 'Добавить оборудование',
  equipmentAdded: 'Оборудование добавлено',
  equipmentRemoved: 'Оборудование убрано',
  equipmentRemoveAsk: 'Убрать оборудование со страницы клиники?',
  equipmentName: 'Название',
  equipmentNameMissing: 'Укажите название оборудования',
  equipmentNameTooLong: `Название — не больше ${L.equipmentNameMax} символов`,
  equipmentDescription: 'Описание',
  equipmentDescriptionTooLong: `Описание — не больше ${L.equipmentDescriptionMax} символов`,
  attributes: 'Характеристики',
  attributeName: 'Характеристика',
  attributeValue: 'Значение',
  attributeAdd: 'Добавить характеристику',
  attributeRemove: 'Убрать характеристику',
  attributeIncomplete: 'Заполните и характеристику, и значение',
  attributeTooLong: `Характеристика — до ${L.attributeNameMax} символов, значение — до ${L.attributeValueMax}`,
  attributesTooMany: `Не больше ${L.attributesMax} характеристик`,
  equipmentImage: 'Фотография оборудования',
  equipmentDuplicate: 'Оборудование с таким названием уже есть',
  equipmentNotFound: 'Такого оборудования нет',
  equipmentTooMany: `Не больше ${L.equipmentMax} единиц оборудования`,
  image: 'Изображение',
  imageChoose: 'Выбрать файл',
  imageReplace: 'Заменить',
  imageRemove: 'Убрать изображение',
  imageMissing: 'Выберите файл с изображением',
  imageType: 'Загрузите изображение в формате JPEG, PNG или WebP',
  imageSmall: `Изображение слишком маленькое: нужно не меньше ${L.imageMinSide} × ${L.imageMinSide} точек`,
  imageSize: 'Файл больше 10 МБ: уменьшите его и загрузите снова',
  imageGone: 'Изображение не найдено: загрузите его ещё раз',
  photosTooMany: `Не больше ${L.photosMax} фотографий`,
  videosTooMany: `Не больше ${L.videosMax} видео`,
  photoDuplicate: 'Эта фотография уже есть в галерее',
  videoDuplicate: 'Это видео уже добавлено',
  itemNotFound: 'Такой фотографии или видео нет',
  bodyInvalid: 'Проверьте поля формы',
} as const;

/** A licence's issue date: a real day, not before 1990 and not after the clinic's today. */
export function licenceDateError(issuedAt: string, today: string): string | null {
  if (issuedAt > today) return CLINIC_MEDIA_TEXTS.licenceDateFuture;
  return null;
}

/** The neighbour a move swaps with: the index above or below `index`, or null at an end. */
export function moveTarget(length: number, index: number, direction: 'up' | 'down'): number | null {
  if (index < 0 || index >= length) return null;
  const to = direction === 'up' ? index - 1 : index + 1;
  return to >= 0 && to < length ? to : null;
}

/** The public address of a stored image: `/media/clinics/{hash}.webp`. */
export const CLINIC_MEDIA_PATH = '/media/clinics/:name';
export const clinicMediaUrl = (hash: string) => `/media/clinics/${hash}.webp`;
/** The hash of one of our image addresses, or null for anything else (a foreign URL included). */
export const hashOfClinicMediaUrl = (src: string) =>
  /^\/media\/clinics\/([0-9a-f]{32})\.webp$/.exec(src)?.[1] ?? null;
