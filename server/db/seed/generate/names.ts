/** Slugs from Russian text, and people's names as directories and review authors show them. */
import { type Gender, names } from './data';
import { pickSkewed, type Rng, weightedPicker } from './random';

// ---------------------------------------------------------------------------
// Slugs

// seed-data.md §6: BGN/ICAO-like (х→kh, ц→ts, й→y, щ→shch), ъ/ь dropped, ый→iy.
const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Ukrainian/Belarusian letters that turn up in surnames.
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
};

/**
 * URL slug from Russian text: 'Щёлково' → 'shchyolkovo', 'Мануальный терапевт' →
 * 'manualniy-terapevt', 'ЛОР (оториноларинголог)' → 'lor-otorinolaringolog'.
 * Slugs are stored in data; call this only when creating a row, never to look one up.
 */
export function slugify(text: string): string {
  const s = text.toLowerCase();
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === 'ы' && s[i + 1] === 'й') {
      out += 'iy';
      i++;
      continue;
    }
    const mapped = CYRILLIC_TO_LATIN[ch];
    if (mapped !== undefined) out += mapped;
    else if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) out += ch;
    else if (ch === "'" || ch === '’') continue;
    else if (ch > '\u007f') {
      // Latin letters with diacritics (é → e); anything else becomes a separator.
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += /^[a-z0-9]+$/.test(base) ? base : '-';
    } else out += '-';
  }
  return out.replace(/-+/g, '-').replace(/^-|-$/g, '');
}

// ---------------------------------------------------------------------------
// People

export interface PersonName {
  lastName: string;
  firstName: string;
  patronymic: string;
}

const pickMale = weightedPicker(names.male);
const pickFemale = weightedPicker(names.female);
const pickFather = weightedPicker(names.fathers);
const regionalPickers = new Map(
  Object.entries(names.regional).map(([slug, r]) => [
    slug,
    {
      share: r.share,
      male: weightedPicker(r.male),
      female: weightedPicker(r.female),
      father: weightedPicker(r.fathers),
      surnames: r.surnames,
    },
  ]),
);

function patronymicOf(father: string, gender: Gender): string {
  const forms = names.patronymics[father];
  if (!forms) throw new Error(`No patronymic for ${father}`);
  return gender === 'M' ? forms[0] : forms[1];
}

/**
 * A realistic Russian full name of the given gender. In towns with a regional list
 * (Kazan, Ufa) a share of people get Tatar/Bashkir names; mixed families are allowed
 * (a Tatar surname with a Russian first name and so on).
 */
export function personName(rng: Rng, gender: Gender, town?: string): PersonName {
  const regional = town ? regionalPickers.get(town) : undefined;
  const isRegional = regional !== undefined && rng.chance(regional.share);
  const firstName =
    regional && isRegional && rng.chance(0.8)
      ? (gender === 'M' ? regional.male : regional.female)(rng)
      : (gender === 'M' ? pickMale : pickFemale)(rng);
  const father = regional && isRegional && rng.chance(0.85) ? regional.father(rng) : pickFather(rng);
  const useRegionalSurname = regional && (isRegional ? rng.chance(0.9) : rng.chance(0.04));
  const surnamePair = useRegionalSurname ? rng.pick(regional.surnames) : pickSkewed(rng, names.surnames);
  return {
    lastName: gender === 'M' ? surnamePair[0] : surnamePair[1],
    firstName,
    patronymic: patronymicOf(father, gender),
  };
}

/** 'Иванова Елена Сергеевна': the order used in directories. */
export function fullName(n: PersonName): string {
  return `${n.lastName} ${n.firstName} ${n.patronymic}`;
}

/** How a review author signs: 'Ольга', 'Ольга К.', 'Сергей Петрович'. */
export function reviewAuthorName(rng: Rng, gender: Gender, town?: string): string {
  const n = personName(rng, gender, town);
  const r = rng.next();
  if (r < 0.55) return n.firstName;
  if (r < 0.9) return `${n.firstName} ${n.lastName[0]}.`;
  return `${n.firstName} ${n.patronymic}`;
}
