/**
 * Patient reviews: the text built from the phrase bank's templates, the sentiment, the marks
 * per criterion, the tags, and the doctor's or clinic's reply.
 */
import {
  type BySentiment,
  type Gender,
  REVIEW_CRITERIA,
  type ReviewTag,
  reviewBank,
  reviewTags,
  type Sentiment,
  type SpecialityGroup,
} from './data';
import { type Rng, weightedPicker } from './random';

// ---------------------------------------------------------------------------
// Text templates

/**
 * A fragment pre-rendered for the four combinations of doctor and author gender
 * (index = doctorF * 2 + authorF), each split on {doc}, so rendering is a lookup and
 * at most a join: that is what keeps a million reviews well under the time budget.
 */
interface Fragment {
  variants: string[][];
  hasDoc: boolean;
  /** Who the sentence says was treated: a son, a daughter, a child of either, or anyone. */
  who: 'son' | 'daughter' | 'child' | 'any';
  /** Speaks of the author's own body ('живу без боли'): wrong when a child was the patient. */
  own: boolean;
}

/** Who a review is about: the author, or the author's son or daughter. */
export type ReviewPatient = 'self' | 'son' | 'daughter';

const SON = /(^|[^а-яё])сын/i;
const DAUGHTER = /(^|[^а-яё])доч/i;
const CHILD = /ребён|ребят|малыш|родител|дети|детей|детск/i;
const OWN_BODY =
  /живу|сплю|со мной|мучил|самочувстви|без боли|беременност|[^а-яё]я [а-яё]+ (уплотнение|с нарушением)/i;

function whoOf(template: string): Fragment['who'] {
  if (SON.test(template)) return 'son';
  if (DAUGHTER.test(template)) return 'daughter';
  return CHILD.test(template) ? 'child' : 'any';
}

/** Whether a sentence fits a review about this patient: one child throughout, or the author. */
function fitsPatient(f: Fragment, patient: ReviewPatient): boolean {
  if (patient === 'self') return f.who === 'any';
  if (f.own) return false;
  return f.who === 'any' || f.who === 'child' || f.who === patient;
}

const TEMPLATE_TOKEN = /\{doc\}|\{([^{}|]*)\|([^{}]*)\}|\[([^[\]|]*)\|([^[\]]*)\]/g;
const DOC_MARK = '\u0000';

function compile(template: string): Fragment {
  const variants: string[][] = [];
  for (let i = 0; i < 4; i++) {
    const doctorF = i >= 2;
    const authorF = i % 2 === 1;
    const text = template.replace(TEMPLATE_TOKEN, (whole, dm, df, am, af) => {
      if (whole === '{doc}') return DOC_MARK;
      if (dm !== undefined) return doctorF ? df : dm;
      return authorF ? af : am;
    });
    variants.push(text.split(DOC_MARK));
  }
  return { variants, hasDoc: template.includes('{doc}'), who: whoOf(template), own: OWN_BODY.test(template) };
}

const compileList = (list: readonly string[]): Fragment[] => list.map(compile);
const compileBySentiment = (x: Partial<BySentiment<string[]>>): BySentiment<Fragment[]> => ({
  positive: compileList(x.positive ?? []),
  neutral: compileList(x.neutral ?? []),
  negative: compileList(x.negative ?? []),
});

const bank = {
  openings: compileBySentiment(reviewBank.openings),
  doctor: compileBySentiment(reviewBank.doctor),
  clinic: compileBySentiment(reviewBank.clinic),
  outcomes: compileBySentiment(reviewBank.outcomes),
  closings: compileBySentiment(reviewBank.closings),
  stories: compileBySentiment(reviewBank.stories),
  minuses: compileList(reviewBank.minuses),
  reasons: new Map(Object.entries(reviewBank.reasons).map(([g, list]) => [g, compileList(list)])),
  specialityReasons: new Map(
    Object.entries(reviewBank.specialityReasons).map(([s, list]) => [s, compileList(list)]),
  ),
  bodies: new Map(Object.entries(reviewBank.bodies).map(([g, b]) => [g, compileBySentiment(b)])),
  specialityBodies: new Map(
    Object.entries(reviewBank.specialityBodies).map(([s, b]) => [s, compileBySentiment(b)]),
  ),
  replies: {
    doctor: compileBySentiment(reviewBank.replies.doctor),
    clinic: compileBySentiment(reviewBank.replies.clinic),
  },
};
const genericReasons = bank.reasons.get('generic')!;
const genericBodies = bank.bodies.get('generic')!;

function render(f: Fragment, variant: number, doc: string): string {
  const parts = f.variants[variant];
  return parts.length === 1 ? parts[0] : parts.join(doc);
}

// ---------------------------------------------------------------------------
// Reviews

export interface ReviewTextOptions {
  sentiment: Sentiment;
  /** Speciality group (Speciality.group); unknown groups fall back to generic phrases. */
  group: string;
  /** Speciality translit: adds organ-specific phrases ('давление' for a cardiologist). */
  speciality?: string;
  doctorGender: Gender;
  /** 'Ирина Сергеевна'; without it, phrases that address the doctor by name are skipped. */
  doctorFirstPatronymic?: string | null;
  /** Author's gender; drawn (about 70% women, as on real review sites) when absent. */
  authorGender?: Gender;
  /** Paediatric speciality: mixes in phrases about the child. */
  children?: boolean;
  /**
   * Who was treated. Reviews of children's doctors are about a son or a daughter (drawn when
   * absent), all others about the author; every sentence keeps to that one patient.
   */
  patient?: ReviewPatient;
}

/** Each pool narrowed to one patient, computed once per pool and patient. */
const patientPools: Record<ReviewPatient, WeakMap<readonly Fragment[], Fragment[]>> = {
  self: new WeakMap(),
  son: new WeakMap(),
  daughter: new WeakMap(),
};
function forPatient(pool: readonly Fragment[], patient: ReviewPatient): Fragment[] {
  let out = patientPools[patient].get(pool);
  if (!out) {
    out = pool.filter((f) => fitsPatient(f, patient));
    patientPools[patient].set(pool, out);
  }
  return out;
}

/** Which pool a body sentence comes from, for neutral reviews that mix praise and complaint. */
const pickNeutralCore = weightedPicker<Sentiment>([
  ['neutral', 0.6],
  ['positive', 0.25],
  ['negative', 0.15],
]);

/**
 * Picks a fragment not yet used in this review (and without a {doc} slot when there is no
 * name), renders it and records it. Module-level rather than a closure inside reviewText:
 * tsx/esbuild wrap named closures in a __name() helper, which tripled the cost per review.
 */
function takeFragment(
  rng: Rng,
  all: readonly Fragment[],
  used: Fragment[],
  doc: string,
  variant: number,
  patient: ReviewPatient,
  /** Used when nothing in `all` fits the patient (a sentence about the doctor of the same tone). */
  fallback: readonly Fragment[],
): string {
  let pool = forPatient(all, patient);
  if (pool.length === 0) pool = forPatient(fallback, patient);
  let f = pool[Math.floor(rng.next() * pool.length)];
  for (let tries = 0; tries < 6 && ((f.hasDoc && !doc) || used.includes(f)); tries++) {
    f = pool[Math.floor(rng.next() * pool.length)];
  }
  if (f.hasDoc && !doc) {
    const plain = pool.filter((x) => !x.hasDoc);
    f = plain[Math.floor(rng.next() * plain.length)] ?? f;
  }
  used.push(f);
  return render(f, variant, doc);
}

/**
 * A patient review of 2–6 sentences: optional opening and reason for the visit, one or
 * more sentences about the doctor and the speciality, optionally the clinic, the outcome
 * and a closing line. Roughly 15% are two sentences, half are three or four, and a third
 * are five or six, most of those with a long narrative sentence (often 400+ characters).
 */
export function reviewText(rng: Rng, opts: ReviewTextOptions): string {
  const { sentiment, group } = opts;
  const doc = opts.doctorFirstPatronymic?.trim() ?? '';
  const authorF = group === 'women' ? true : opts.authorGender ? opts.authorGender === 'F' : rng.chance(0.7);
  const variant = (opts.doctorGender === 'F' ? 2 : 0) + (authorF ? 1 : 0);
  const groupBodies = bank.bodies.get(group) ?? genericBodies;
  const groupReasons = bank.reasons.get(group) ?? genericReasons;
  const specBodies = opts.speciality ? bank.specialityBodies.get(opts.speciality) : undefined;
  const specReasons = opts.speciality ? bank.specialityReasons.get(opts.speciality) : undefined;
  const childBodies = opts.children && group !== 'children' ? bank.bodies.get('children') : undefined;
  const childReasons = opts.children && group !== 'children' ? bank.reasons.get('children') : undefined;

  const childReview = group === 'children' || Boolean(opts.children);
  const patient: ReviewPatient =
    opts.patient ??
    (!childReview
      ? 'self'
      : opts.speciality?.includes('ginekolog') || (!opts.speciality?.includes('urolog') && rng.chance(0.5))
        ? 'daughter'
        : 'son');

  const r = rng.next();
  const n = r < 0.15 ? 2 : r < 0.65 ? rng.int(3, 4) : rng.int(5, 6);

  // Decide the frame first, then fill the rest with core sentences.
  let opening = rng.chance(n === 2 ? 0.35 : 0.65);
  let reason = rng.chance(n >= 4 ? 0.7 : 0.3);
  const closing = rng.chance(sentiment === 'positive' ? 0.7 : 0.55);
  let outcome = n >= 3 && rng.chance(0.4);
  let clinic = n >= 4 && rng.chance(0.3);
  let minus = sentiment === 'positive' && n >= 4 && rng.chance(0.15);
  let frame = +opening + +reason + +closing + +outcome + +clinic + +minus;
  // At least one core sentence; drop optional parts in order of least value.
  while (frame > n - 1) {
    if (minus) minus = false;
    else if (clinic) clinic = false;
    else if (outcome) outcome = false;
    else if (reason) reason = false;
    else if (opening) opening = false;
    frame--;
  }
  const cores = n - frame;
  const story = n >= 5 && rng.chance(0.8);

  const used: Fragment[] = [];

  const out: string[] = [];
  if (opening)
    out.push(
      takeFragment(rng, bank.openings[sentiment], used, doc, variant, patient, bank.doctor[sentiment]),
    );
  if (reason) {
    // A paediatric speciality's group reasons are written about adults, so prefer child ones.
    const groupPool = childReasons && rng.chance(0.7) ? childReasons : groupReasons;
    const pool = specReasons && rng.chance(0.7) ? specReasons : rng.chance(0.85) ? groupPool : genericReasons;
    out.push(takeFragment(rng, pool, used, doc, variant, patient, bank.doctor[sentiment]));
  }
  for (let i = 0; i < cores; i++) {
    const s = sentiment === 'neutral' ? pickNeutralCore(rng) : sentiment;
    if (story && i === 0) {
      out.push(
        takeFragment(rng, bank.stories[sentiment], used, doc, variant, patient, bank.doctor[sentiment]),
      );
      continue;
    }
    const k = rng.next();
    if (k < 0.45) {
      // A sentence about the speciality: its own pool when there is one, else the group's.
      const own = specBodies?.[s];
      if (own && own.length > 0 && rng.chance(0.55))
        out.push(takeFragment(rng, own, used, doc, variant, patient, bank.doctor[sentiment]));
      else if (childBodies && rng.chance(0.4))
        out.push(takeFragment(rng, childBodies[s], used, doc, variant, patient, bank.doctor[sentiment]));
      else out.push(takeFragment(rng, groupBodies[s], used, doc, variant, patient, bank.doctor[sentiment]));
    } else if (k < 0.87)
      out.push(takeFragment(rng, bank.doctor[s], used, doc, variant, patient, bank.doctor[sentiment]));
    else out.push(takeFragment(rng, genericBodies[s], used, doc, variant, patient, bank.doctor[sentiment]));
  }
  if (minus) out.push(takeFragment(rng, bank.minuses, used, doc, variant, patient, bank.doctor[sentiment]));
  if (clinic)
    out.push(takeFragment(rng, bank.clinic[sentiment], used, doc, variant, patient, bank.doctor[sentiment]));
  if (outcome)
    out.push(
      takeFragment(rng, bank.outcomes[sentiment], used, doc, variant, patient, bank.doctor[sentiment]),
    );
  if (closing)
    out.push(
      takeFragment(rng, bank.closings[sentiment], used, doc, variant, patient, bank.doctor[sentiment]),
    );
  return out.join(' ');
}

/** Sentiment mix of real directories: mostly praise, some complaints, few lukewarm. */
const pickSentiment = weightedPicker<Sentiment>([
  ['positive', 0.76],
  ['neutral', 0.09],
  ['negative', 0.15],
]);
export function reviewSentiment(rng: Rng): Sentiment {
  return pickSentiment(rng);
}

export interface ReviewAssessment {
  name: string;
  /** −3…2 (mapped to 0–5 stars as value + 3). */
  value: number;
}

const clampAssessment = (v: number) => Math.max(-3, Math.min(2, v));

/**
 * Per-criterion marks, correlated within a review: a base mark for the sentiment plus
 * small per-criterion noise. 'Посоветуете ли врача?' follows the base more strictly.
 */
export function reviewAssessments(rng: Rng, sentiment: Sentiment): ReviewAssessment[] {
  let base: number;
  if (sentiment === 'positive') base = rng.chance(0.85) ? 2 : 1;
  else if (sentiment === 'neutral')
    base = rng.weighted<number>([
      [1, 0.4],
      [0, 0.4],
      [-1, 0.2],
    ]);
  else
    base = rng.weighted<number>([
      [-3, 0.6],
      [-2, 0.25],
      [-1, 0.15],
    ]);
  const last = REVIEW_CRITERIA.length - 1;
  return REVIEW_CRITERIA.map((name, i) => {
    const r = rng.next();
    const noise = i === last ? 0 : r < 0.15 ? -1 : r > 0.9 ? 1 : 0;
    return { name, value: clampAssessment(base + noise) };
  });
}

const tagsByPolarity = {
  positive: reviewTags.filter((t) => t.polarity > 0),
  negative: reviewTags.filter((t) => t.polarity < 0),
};

/**
 * Tags a review mentions, with the liked flag of review_tag_links: praise tags are
 * liked, complaint tags disliked. 0–3 tags, only ones that fit the group.
 */
export function reviewTagLinks(
  rng: Rng,
  sentiment: Sentiment,
  group: string,
): { translit: string; liked: boolean }[] {
  const fits = (t: ReviewTag) => !t.groups || t.groups.includes(group as SpecialityGroup);
  const pos = tagsByPolarity.positive.filter(fits);
  const neg = tagsByPolarity.negative.filter(fits);
  const count = rng.weighted<number>([
    [0, 0.25],
    [1, 0.35],
    [2, 0.28],
    [3, 0.12],
  ]);
  let chosen: ReviewTag[];
  if (sentiment === 'positive') chosen = rng.sample(pos, count);
  else if (sentiment === 'negative') chosen = rng.sample(neg, count);
  else chosen = [...rng.sample(pos, Math.ceil(count / 2)), ...rng.sample(neg, Math.floor(count / 2))];
  return chosen.map((t) => ({ translit: t.translit, liked: t.polarity > 0 }));
}

/** A doctor's or a clinic's answer to a review. */
export function replyText(
  rng: Rng,
  kind: 'doctor' | 'clinic',
  opts: { sentiment?: Sentiment; doctorGender?: Gender } = {},
): string {
  const pool = bank.replies[kind][opts.sentiment ?? 'positive'];
  const variant = opts.doctorGender === 'M' ? 0 : 2;
  return render(rng.pick(pool), variant, '');
}
