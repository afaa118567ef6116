import type { Rng } from '../rng';

/** What doctors of a speciality group do, one sentence each (no gendered verbs). */
const GROUP_WORK: Record<string, string[]> = {
  therapy: [
    'Проводит профилактические осмотры, диспансеризацию и подбор терапии хронических заболеваний.',
    'Подбирает лечение с учётом сопутствующих заболеваний и принимаемых препаратов.',
    'Ведёт пациентов с хроническими заболеваниями, составляет план обследования и наблюдения.',
  ],
  surgery: [
    'Выполняет амбулаторные операции под местной анестезией и перевязки.',
    'Проводит консервативное и оперативное лечение, ведёт пациентов после операций.',
    'Владеет малоинвазивными методиками, что сокращает срок восстановления.',
  ],
  dentistry: [
    'Проводит лечение под микроскопом, работает с современными пломбировочными материалами.',
    'Составляет комплексный план лечения и подробно объясняет стоимость каждого этапа.',
    'Работает безболезненно, с использованием современных анестетиков.',
  ],
  psy: [
    'Работает в когнитивно-поведенческом подходе, помогает при тревоге, депрессии и панических атаках.',
    'Консультирует взрослых и подростков, проводит индивидуальную и семейную терапию.',
    'Помогает справиться со стрессом, выгоранием и нарушениями сна.',
  ],
  rehab: [
    'Проводит восстановление после травм и операций, составляет индивидуальные программы.',
    'Работает с болями в спине и шее, нарушениями осанки.',
    'Сочетает мануальные техники с лечебной физкультурой.',
  ],
  women: [
    'Ведёт беременность, проводит профилактические осмотры и кольпоскопию.',
    'Занимается лечением гинекологических заболеваний и подбором контрацепции.',
    'Проводит консультации по планированию беременности.',
  ],
  skin: [
    'Проводит дерматоскопию и удаление новообразований кожи.',
    'Лечит акне, дерматиты и грибковые заболевания кожи и ногтей.',
    'Подбирает уход и процедуры с учётом типа кожи.',
  ],
  neuro: [
    'Лечит головные боли, головокружения и боли в спине.',
    'Проводит диагностику и лечение нарушений сна и последствий инсульта.',
    'Выполняет блокады и подбирает медикаментозную терапию.',
  ],
  children: [
    'Ведёт детей с рождения, проводит профилактические осмотры и консультирует по прививкам.',
    'Находит подход к детям любого возраста, подробно отвечает на вопросы родителей.',
    'Консультирует по вопросам питания, развития и режима дня ребёнка.',
  ],
  diagnostics: [
    'Проводит исследования на аппаратах экспертного класса, выдаёт подробное заключение в день обследования.',
    'Выполняет исследования взрослым и детям, в том числе с контрастным усилением.',
    'Владеет методиками доплерографии и эластографии.',
  ],
  ent: [
    'Лечит синуситы, отиты и хронический тонзиллит, удаляет серные пробки.',
    'Проводит эндоскопический осмотр ЛОР-органов и промывание миндалин.',
    'Работает со взрослыми и детьми, в том числе с частыми простудами.',
  ],
  eyes: [
    'Проверяет остроту зрения, подбирает очки и контактные линзы.',
    'Проводит диагностику глаукомы и заболеваний сетчатки.',
    'Наблюдает пациентов до и после лазерной коррекции зрения.',
  ],
  other: [
    'Проводит консультации и составляет индивидуальный план обследования.',
    'Участвует в ведении сложных пациентов вместе с врачами других специальностей.',
  ],
};

const CLOSERS = [
  'Регулярно повышает квалификацию на российских и международных конференциях.',
  'Участвует в профессиональных конференциях и обучающих программах.',
  'Отличается внимательным отношением к пациентам и подробно объясняет план лечения.',
  'Автор научных публикаций по специальности.',
  'Принимает взрослых пациентов и подростков.',
];

export interface AboutInput {
  name: string;
  /** Not a physician (psychologist, speech therapist, masseur): no 'Врач-' title. */
  staff: boolean;
  group: string;
  children: boolean;
  years: number;
  scienceDegree: number;
  treatments: string[];
}

/** 2–4 sentences from the speciality: experience, focus areas, what the doctor does. */
export function doctorAbout(rng: Rng, input: AboutInput): string {
  const parts: string[] = [];
  const title = specialistTitle(input.name, input.staff);
  parts.push(
    input.years >= 3 ? `${title} с опытом работы ${input.years} ${yearsWord(input.years)}.` : `${title}.`,
  );
  if (input.treatments.length > 0 && rng.chance(0.8)) {
    // Treatments are genitive ('гайморита'), so they follow 'лечением'.
    const picked = rng.sample(input.treatments, rng.int(1, 3)).map((t) => t.toLowerCase());
    const list =
      picked.length === 1 ? picked[0] : `${picked.slice(0, -1).join(', ')} и ${picked[picked.length - 1]}`;
    parts.push(`Занимается диагностикой и лечением ${list}.`);
  }
  const work = GROUP_WORK[input.group] ?? GROUP_WORK.other;
  parts.push(rng.pick(work));
  if (parts.length < 4 && rng.chance(0.5)) {
    const closer = rng.pick(CLOSERS);
    if (
      !(closer.startsWith('Автор') && input.scienceDegree === 0) &&
      !(closer.startsWith('Принимает') && input.children)
    ) {
      parts.push(closer);
    }
  }
  return parts.join(' ');
}

/**
 * 'Врач-кардиолог', 'Врач УЗИ', 'Детский невролог', 'Психолог': a one-word physician
 * speciality takes the 'Врач-' prefix, anything else reads as it is.
 */
export function specialistTitle(name: string, staff: boolean): string {
  const base = name.replace(/\s*\(.*\)$/, '');
  if (staff || base.includes(' ') || base.startsWith('Врач')) return base;
  const lowered = /^[А-ЯЁ][а-яё]/.test(base) ? base[0].toLowerCase() + base.slice(1) : base;
  return `Врач-${lowered}`;
}

function yearsWord(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return 'год';
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return 'года';
  return 'лет';
}

const COURSE_FORMS = [
  (topic: string) => `Повышение квалификации «${topic}»`,
  (topic: string) => `Курс «Актуальные вопросы: ${topic.toLowerCase()}»`,
  (topic: string) => `Профессиональная переподготовка «${topic}»`,
];

/**
 * `n` distinct refresher course titles built on the speciality's discipline and treatments
 * (fewer when the speciality offers fewer): a doctor never lists the same course twice.
 */
export function courseTitles(rng: Rng, discipline: string, treatments: string[], n: number): string[] {
  const general = COURSE_FORMS.map((form) => form(discipline));
  const specific = treatments.map((t) => `Курс «Диагностика и лечение ${t.toLowerCase()}»`);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const pool = specific.length > 0 && rng.chance(0.5) ? specific : general;
    const left = pool.filter((t) => !out.includes(t));
    const rest = left.length > 0 ? left : [...general, ...specific].filter((t) => !out.includes(t));
    if (rest.length === 0) break;
    out.push(rng.pick(rest));
  }
  return out;
}

/** Residency discipline from a speciality name: 'Кардиолог' → 'Кардиология'. */
export function discipline(name: string): string {
  const base = name.replace(/\s*\(.*\)$/, '');
  if (base.startsWith('Детский ')) {
    const adult = discipline(base.slice('Детский '.length).replace(/^./, (c) => c.toUpperCase()));
    return `Детская ${adult.replace(/^./, (c) => c.toLowerCase())}`;
  }
  if (DISCIPLINES[base]) return DISCIPLINES[base];
  if (/(лог|хирург)$/.test(base)) return `${base}ия`;
  if (/^[А-ЯЁ][а-яё]*терапевт$/.test(base)) return base.replace(/терапевт$/, 'терапия');
  return base;
}

const DISCIPLINES: Record<string, string> = {
  ЛОР: 'Оториноларингология',
  Гинеколог: 'Акушерство и гинекология',
  'Гинеколог-эндокринолог': 'Акушерство и гинекология',
  'Врач УЗИ': 'Ультразвуковая диагностика',
  'Врач ЛФК': 'Лечебная физкультура и спортивная медицина',
  'Врач функциональной диагностики': 'Функциональная диагностика',
  Терапевт: 'Терапия',
  Педиатр: 'Педиатрия',
  Стоматолог: 'Стоматология общей практики',
  'Стоматолог-ортопед': 'Стоматология ортопедическая',
  'Стоматолог-хирург': 'Стоматология хирургическая',
  'Стоматолог-гигиенист': 'Стоматология общей практики',
  Ортодонт: 'Ортодонтия',
  Массажист: 'Медицинский массаж',
  Психолог: 'Клиническая психология',
  Логопед: 'Логопедия',
  Дефектолог: 'Дефектология',
  Остеопат: 'Остеопатия',
  Гериатр: 'Гериатрия',
  Генетик: 'Генетика',
  Психиатр: 'Психиатрия',
  Ортопед: 'Травматология и ортопедия',
  Травматолог: 'Травматология и ортопедия',
  Эндоскопист: 'Эндоскопия',
  Инфекционист: 'Инфекционные болезни',
  Анестезиолог: 'Анестезиология-реаниматология',
  'Сосудистый хирург': 'Сердечно-сосудистая хирургия',
  Кардиохирург: 'Сердечно-сосудистая хирургия',
  'Пластический хирург': 'Пластическая хирургия',
  'Мануальный терапевт': 'Мануальная терапия',
  'Спортивный врач': 'Спортивная медицина',
  Неонатолог: 'Неонатология',
};
