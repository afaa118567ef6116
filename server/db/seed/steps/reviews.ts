import { reviewReplies, reviews, reviewTagLinks, reviewTags } from '../../schema/reviews';
import type { Row, TableWriter } from '../bulk';
import { inTransaction, type SeedContext } from '../context';
import { type Gender, reviewTags as tagsData } from '../generate/data';
import { reviewAuthorName } from '../generate/names';
import type { Rng } from '../generate/random';
import { reviewTagLinks as pickTags, replyText } from '../generate/reviews';
import { apportion } from '../rng';
import { pickSentiment, reviewRow } from '../rows/review';

/** Share of reviews written about a clinic as a whole (clinic_id only). */
const CLINIC_SHARE = 0.15;

interface Writers {
  reviews: TableWriter<typeof reviews>;
  tags: TableWriter<typeof reviewTagLinks>;
  replies: TableWriter<typeof reviewReplies>;
}

/**
 * Reviews with tags and replies, streamed: each row is generated, queued and forgotten,
 * so a million reviews never sit in memory at once. Counts per doctor are skewed the way
 * directories look: most doctors have a handful, a few have a hundred or more.
 */
export async function seedReviews(ctx: SeedContext): Promise<void> {
  const rng = ctx.rng('reviews');
  const clinicTotal = Math.round(ctx.plan.reviews * CLINIC_SHARE);
  const doctorTotal = ctx.plan.reviews - clinicTotal;
  const perDoctor = apportion(
    doctorTotal,
    ctx.doctors.map(() => skewed(rng)),
  );
  const perClinic = apportion(
    clinicTotal,
    ctx.clinics.map(
      (c) =>
        (c.kind === 'lab' ? 0.3 : 1) *
        (rng.chance(0.4) ? rng.float(0, 4) : rng.chance(0.75) ? rng.float(4, 16) : rng.float(16, 61)),
    ),
  );
  const tagIds = new Map(tagsData.map((t, i) => [t.translit, i + 1]));
  const total = ctx.plan.reviews;
  let done = 0;

  await inTransaction(ctx, async (session) => {
    const tagWriter = session.writer(reviewTags);
    tagsData.forEach((t, i) => {
      tagWriter.add({ id: i + 1, name: t.name, translit: t.translit, polarity: t.polarity });
    });
    const reviewWriter = session.writer(reviews, [tagWriter]);
    const w: Writers = {
      reviews: reviewWriter,
      tags: session.writer(reviewTagLinks, [reviewWriter, tagWriter]),
      replies: session.writer(reviewReplies, [reviewWriter]),
    };
    const tick = async () => {
      if (++done % 10_000 === 0) {
        ctx.progress('reviews', done, total);
        await session.ready();
      }
    };

    for (let di = 0; di < ctx.doctors.length; di++) {
      const doctor = ctx.doctors[di];
      const spec = ctx.specialities[doctor.mainSpeciality];
      const town = ctx.towns[doctor.townIndex];
      const clinicIds = doctor.workplaces.map((wi) => ctx.clinics[ctx.workplaces[wi].clinicIndex].id);
      for (let k = 0; k < perDoctor[di]; k++) {
        // Women's doctors are reviewed by women (a girl's visit by her mother).
        const author = pickAuthor(rng, ctx, town.slug, spec.group === 'women');
        const sentiment = pickSentiment(rng);
        const row = reviewRow(rng, {
          id: w.reviews.count + 1,
          doctorId: doctor.id,
          clinicId: null,
          ...author,
          sentiment,
          group: spec.group,
          children: spec.children,
          doctorGender: doctor.gender,
          doctorFirstPatronymic: doctor.firstPatronymic,
          now: ctx.now,
        });
        w.reviews.add(row);
        addTags(rng, w, tagIds, row.id, sentiment, spec.group);
        const clinicId = rng.pick(clinicIds);
        const byDoctor = rng.chance(0.6);
        addReply(rng, ctx, w, row, {
          kind: byDoctor ? 'doctor' : 'clinic',
          userId:
            (byDoctor ? ctx.users.doctorUsers.get(doctor.id) : ctx.users.clinicUsers.get(clinicId)) ?? null,
          doctorGender: doctor.gender,
        });
        await tick();
      }
    }

    for (let ci = 0; ci < ctx.clinics.length; ci++) {
      const clinic = ctx.clinics[ci];
      const town = ctx.towns[clinic.townIndex];
      for (let k = 0; k < perClinic[ci]; k++) {
        const author = pickAuthor(rng, ctx, town.slug);
        const sentiment = pickSentiment(rng);
        const row = reviewRow(rng, {
          id: w.reviews.count + 1,
          doctorId: null,
          clinicId: clinic.id,
          ...author,
          sentiment,
          group:
            clinic.kind === 'dentistry' ? 'dentistry' : clinic.kind === 'children' ? 'children' : 'generic',
          children: clinic.kind === 'children',
          doctorGender: rng.chance(0.65) ? 'F' : 'M',
          doctorFirstPatronymic: null,
          now: ctx.now,
        });
        w.reviews.add(row);
        addTags(rng, w, tagIds, row.id, sentiment, 'clinic');
        addReply(rng, ctx, w, row, { kind: 'clinic', userId: ctx.users.clinicUsers.get(clinic.id) ?? null });
        await tick();
      }
    }
  });
  ctx.progress('reviews', total, total);
}

/** Most doctors have a few reviews, some dozens, a few over a hundred (before scaling to the total). */
function skewed(rng: Rng): number {
  // Continuous weights: integer ones would leave rounding bumps after scaling to the total.
  const x = rng.next();
  if (x < 0.55) return rng.float(0, 6);
  if (x < 0.85) return rng.float(6, 16);
  if (x < 0.96) return rng.float(16, 31);
  return rng.float(30, 151);
}

/** Most reviews come from registered patients; the rest were left by phone or before sign-up existed. */
function pickAuthor(
  rng: Rng,
  ctx: SeedContext,
  townSlug: string,
  womenOnly = false,
): { userId: number | null; authorName: string; authorGender: Gender; notBefore: number } {
  const users = ctx.users;
  if (users.patients > 0 && rng.chance(0.85)) {
    let i = rng.int(0, users.patients - 1);
    // A gynaecologist's patients are women: the review's author is one.
    for (let tries = 0; womenOnly && !users.authorFemale[i] && tries < 20; tries++)
      i = rng.int(0, users.patients - 1);
    if (!womenOnly || users.authorFemale[i])
      return {
        userId: users.patientFirstId + i,
        authorName: users.authorNames[i],
        authorGender: users.authorFemale[i] ? 'F' : 'M',
        notBefore: users.createdAt[i],
      };
  }
  const gender: Gender = womenOnly || rng.chance(0.68) ? 'F' : 'M';
  return {
    userId: null,
    authorName: reviewAuthorName(rng, gender, townSlug),
    authorGender: gender,
    notBefore: 0,
  };
}

function addTags(
  rng: Rng,
  w: Writers,
  tagIds: Map<string, number>,
  reviewId: number,
  sentiment: Row<typeof reviews>['sentiment'],
  group: string,
): void {
  for (const link of pickTags(rng, sentiment, group)) {
    const tagId = tagIds.get(link.translit);
    if (tagId) w.tags.add({ reviewId, tagId, liked: link.liked });
  }
}

/** About one shown review in ten gets an answer; complaints more often than praise. */
function addReply(
  rng: Rng,
  ctx: SeedContext,
  w: Writers,
  review: Row<typeof reviews>,
  author: { kind: 'doctor' | 'clinic'; userId: number | null; doctorGender?: Gender },
): void {
  if (review.publishedAt === null) return;
  if (!rng.chance(review.sentiment === 'negative' ? 0.3 : 0.08)) return;
  const at = Math.min(ctx.now.getTime(), review.publishedAt.getTime() + rng.int(1, 240) * 3_600_000);
  w.replies.add({
    id: w.replies.count + 1,
    reviewId: review.id,
    authorKind: author.kind,
    userId: author.userId,
    text: replyText(rng, author.kind, { sentiment: review.sentiment, doctorGender: author.doctorGender }),
    status: 'published',
    createdAt: new Date(Math.floor(at / 1000) * 1000),
  });
}
