import type { Rng } from '../rng';
import { discipline } from './doctor-texts';

/** Russian medical journals by speciality group; a general one fits any doctor. */
const JOURNALS: Record<string, string[]> = {
  therapy: [
    'Терапевтический архив',
    'Кардиология',
    'Российский кардиологический журнал',
    'Проблемы эндокринологии',
  ],
  surgery: [
    'Хирургия. Журнал им. Н. И. Пирогова',
    'Урология',
    'Вестник травматологии и ортопедии им. Н. Н. Приорова',
  ],
  dentistry: ['Стоматология', 'Клиническая стоматология', 'Пародонтология'],
  psy: ['Журнал неврологии и психиатрии им. С. С. Корсакова', 'Консультативная психология и психотерапия'],
  rehab: ['Вопросы курортологии, физиотерапии и лечебной физической культуры', 'Мануальная терапия'],
  women: ['Акушерство и гинекология', 'Проблемы репродукции', 'Опухоли женской репродуктивной системы'],
  skin: ['Вестник дерматологии и венерологии', 'Клиническая дерматология и венерология'],
  neuro: ['Журнал неврологии и психиатрии им. С. С. Корсакова', 'Неврология, нейропсихиатрия, психосоматика'],
  children: ['Педиатрия. Журнал им. Г. Н. Сперанского', 'Вопросы современной педиатрии'],
  diagnostics: ['Лучевая диагностика и терапия', 'Ультразвуковая и функциональная диагностика'],
  ent: ['Вестник оториноларингологии', 'Российская оториноларингология'],
  eyes: ['Вестник офтальмологии', 'Офтальмохирургия'],
  other: ['Анестезиология и реаниматология', 'Медицинская генетика'],
};
const GENERAL_JOURNALS = ['Российский медицинский журнал', 'Клиническая медицина', 'Врач'];

/** Real Russian congresses by speciality group. */
const CONFERENCES: Record<string, string[]> = {
  therapy: [
    'Российский национальный конгресс кардиологов',
    'Национальный конгресс терапевтов',
    'Всероссийский диабетологический конгресс',
  ],
  surgery: [
    'Конгресс Российского общества хирургов',
    'Конгресс Российского общества урологов',
    'Евразийский ортопедический форум',
  ],
  dentistry: ['Стоматологический форум «Дентал-Ревю»', 'Стоматологический салон «Дентал Салон»'],
  psy: [
    'Съезд Российского общества психиатров',
    'Конференция «Психотерапия и психологическое консультирование»',
  ],
  rehab: ['Конгресс «Физическая и реабилитационная медицина»', 'Конгресс «Реабилитация — XXI век»'],
  women: [
    'Общероссийский семинар «Репродуктивный потенциал России»',
    'Национальный конгресс «Дискуссионные вопросы современного акушерства»',
  ],
  skin: [
    'Конференция дерматовенерологов и косметологов',
    'Международный форум дерматовенерологов и косметологов',
  ],
  neuro: ['Всероссийский съезд неврологов', 'Конференция «Вейновские чтения»'],
  children: ['Конгресс педиатров России «Актуальные проблемы педиатрии»', 'Форум детских врачей'],
  diagnostics: [
    'Конгресс Российского общества рентгенологов и радиологов',
    'Съезд специалистов ультразвуковой диагностики',
  ],
  ent: ['Съезд оториноларингологов России', 'Конференция «Оториноларингология сегодня»'],
  eyes: ['Конгресс «Белые ночи»', 'Российский общенациональный офтальмологический форум'],
  other: ['Форум анестезиологов и реаниматологов России', 'Конгресс «Медицинская генетика»'],
};
const GENERAL_CONFERENCES = [
  'Российский национальный конгресс «Человек и лекарство»',
  'Форум «Здоровье нации»',
];

const CITIES = ['Москва', 'Москва', 'Санкт-Петербург', 'Казань', 'Новосибирск', 'Екатеринбург', 'Сочи'];

/** Professional societies by speciality group. */
const SOCIETIES: Record<string, string[]> = {
  therapy: [
    'Российское научное медицинское общество терапевтов',
    'Российское кардиологическое общество',
    'Российская ассоциация эндокринологов',
  ],
  surgery: [
    'Российское общество хирургов',
    'Российское общество урологов',
    'Ассоциация травматологов-ортопедов России',
  ],
  dentistry: ['Стоматологическая ассоциация России'],
  psy: ['Российское общество психиатров', 'Общероссийская профессиональная психотерапевтическая лига'],
  rehab: ['Союз реабилитологов России', 'Российская ассоциация мануальной медицины'],
  women: ['Российское общество акушеров-гинекологов', 'Российская ассоциация репродукции человека'],
  skin: ['Российское общество дерматовенерологов и косметологов'],
  neuro: ['Всероссийское общество неврологов', 'Российское общество по изучению головной боли'],
  children: ['Союз педиатров России'],
  diagnostics: [
    'Российское общество рентгенологов и радиологов',
    'Российская ассоциация специалистов ультразвуковой диагностики в медицине',
  ],
  ent: ['Национальная медицинская ассоциация оториноларингологов'],
  eyes: ['Общество офтальмологов России'],
  other: ['Федерация анестезиологов и реаниматологов'],
};
const GENERAL_SOCIETIES = ['Национальная медицинская палата'];

const MEMBER_ROLES = [
  'Член общества',
  'Член общества',
  'Член общества',
  'Действительный член',
  'Член правления',
];

export interface ActivitySpeciality {
  name: string;
  group: string;
  /** Treatments in the genitive ('гайморита'). */
  treatments: string[];
}

/** Every publication title a doctor of the speciality may have written: on its treatments, then general. */
function publicationPool(spec: ActivitySpeciality): { specific: string[]; general: string[] } {
  const field = discipline(spec.name).toLowerCase();
  const specific = spec.treatments.flatMap((treatment) => {
    const t = treatment.toLowerCase();
    return [
      `Опыт лечения ${t} в амбулаторной практике`,
      `Современные подходы к диагностике ${t}`,
      `Факторы риска ${t}: результаты пятилетнего наблюдения`,
      `Эффективность комплексной терапии ${t}`,
      `Ошибки диагностики ${t} на амбулаторном этапе`,
    ];
  });
  const general = [
    `Актуальные вопросы специальности «${discipline(spec.name)}» в работе частной клиники`,
    `Приверженность пациентов лечению: опыт амбулаторного приёма (${field})`,
    `Телемедицинские консультации по профилю «${discipline(spec.name)}»: первые итоги`,
    `Клинические рекомендации на практике: ${field}`,
    `Клинический случай из практики: ${field}`,
    `Качество жизни пациентов на амбулаторном этапе: ${field}`,
    `Обзор новых клинических рекомендаций: ${field}`,
    `Междисциплинарный подход в амбулаторной практике: ${field}`,
  ];
  return { specific, general };
}

/**
 * Up to `n` distinct publication titles about the speciality, mostly on its treatments: a
 * doctor never lists the same article twice (a small speciality gives fewer).
 */
export function publicationTitles(rng: Rng, spec: ActivitySpeciality, n: number): string[] {
  const { specific, general } = publicationPool(spec);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const first = specific.length > 0 && rng.chance(0.7) ? specific : general;
    let left = first.filter((t) => !out.includes(t));
    if (left.length === 0) left = [...specific, ...general].filter((t) => !out.includes(t));
    if (left.length === 0) break;
    out.push(rng.pick(left));
  }
  return out;
}

export function journal(rng: Rng, group: string): string {
  return `«${rng.pick(rng.chance(0.75) ? (JOURNALS[group] ?? GENERAL_JOURNALS) : GENERAL_JOURNALS)}»`;
}

export function conference(rng: Rng, group: string): { title: string; details: string } {
  const list = rng.chance(0.8) ? (CONFERENCES[group] ?? GENERAL_CONFERENCES) : GENERAL_CONFERENCES;
  return {
    title: rng.pick(list),
    details: `${rng.pick(CITIES)}, ${rng.chance(0.3) ? 'доклад' : 'участие'}`,
  };
}

/** 1–2 distinct societies of the doctor's field (the general chamber as a second one). */
export function societies(rng: Rng, group: string, n: number): { title: string; details: string }[] {
  const own = SOCIETIES[group] ?? [];
  const picked = rng.sample(own, Math.min(n, own.length));
  if (picked.length < n) picked.push(...rng.sample(GENERAL_SOCIETIES, n - picked.length));
  return picked.map((title) => ({ title, details: rng.pick(MEMBER_ROLES) }));
}
