import { serviceVisitType } from '../../../../core/cabinet/visit-prices';
import { serviceClasses, serviceSynonyms } from '../../schema/services';
import { specialities, treatmentSpecialities, treatments } from '../../schema/specialities';
import { insertAll, type Row } from '../bulk';
import type { SeedContext } from '../context';
import {
  serviceClasses as classesData,
  specialities as specialitiesData,
  treatments as treatmentsData,
} from '../generate/data';

/** Reference tables: specialities, treatments, service classes and synonyms. */
export async function seedCatalog(ctx: SeedContext): Promise<void> {
  const specs = specialitiesData;
  const rank = [...specs.keys()].sort((a, b) => specs[b].weight - specs[a].weight || a - b);
  const sortOf = new Map(rank.map((index, position) => [index, position + 1]));
  const specIndex = new Map(specs.map((s, i) => [s.translit, i]));

  const treatmentList = treatmentsData;
  const treatmentRows: Row<typeof treatments>[] = [];
  const linkRows: Row<typeof treatmentSpecialities>[] = [];
  const treatmentsBySpec = specs.map((): string[] => []);
  treatmentList.forEach((t, i) => {
    treatmentRows.push({ id: i + 1, name: t.name, translit: t.translit });
    for (const slug of new Set(t.specialities)) {
      const s = specIndex.get(slug);
      if (s === undefined) continue;
      linkRows.push({ treatmentId: i + 1, specialityId: s + 1 });
      // 'Лечение гайморита' → 'гайморита': texts say 'занимается лечением гайморита, отита…'.
      treatmentsBySpec[s].push(t.name.replace(/^Лечение\s+/, ''));
    }
  });

  const specRows: Row<typeof specialities>[] = specs.map((s, i) => ({
    id: i + 1,
    name: s.name,
    namePlural: s.namePlural,
    nameGenPlural: s.nameGenPlural,
    nameDat: s.nameDat,
    translit: s.translit,
    group: s.group,
    children: s.children,
    staffAppointmentType: s.staffAppointmentType,
    sort: sortOf.get(i) ?? i + 1,
  }));
  ctx.specialities = specs.map((s, i) => ({
    id: i + 1,
    translit: s.translit,
    name: s.name,
    group: s.group,
    children: s.children,
    homeVisit: s.homeVisit,
    online: s.online,
    staffAppointmentType: s.staffAppointmentType,
    weight: s.weight,
    treatments: treatmentsBySpec[i],
  }));

  const classes = classesData;
  const classRows: Row<typeof serviceClasses>[] = [];
  const synonymRows: Row<typeof serviceSynonyms>[] = [];
  classes.forEach((c, ci) => {
    const classId = ci + 1;
    classRows.push({ id: classId, name: c.name, translit: c.translit, kind: c.kind, sort: classId });
    for (const s of c.services) {
      const id = synonymRows.length + 1;
      const speciality = s.speciality ? (specIndex.get(s.speciality) ?? -1) : -1;
      const visitType = serviceVisitType({
        classTranslit: c.translit,
        translit: s.translit,
        hasSpeciality: speciality >= 0,
      });
      synonymRows.push({
        id,
        classId,
        dtypeId: id,
        name: s.name,
        translit: s.translit,
        specialityId: speciality >= 0 ? speciality + 1 : null,
        requiresPrimaryConsultation: s.requiresPrimaryConsultation,
        visitType,
      });
      ctx.services.push({
        id,
        classId,
        classTranslit: c.translit,
        kind: c.kind,
        name: s.name,
        priceMin: s.priceMin,
        priceMax: s.priceMax,
        duration: s.duration,
        speciality,
        requiresPrimaryConsultation: s.requiresPrimaryConsultation,
        visitType,
      });
    }
  });

  ctx.counts.specialities = await insertAll(ctx.db, specialities, specRows);
  ctx.counts.treatments = await insertAll(ctx.db, treatments, treatmentRows);
  ctx.counts.treatment_specialities = await insertAll(ctx.db, treatmentSpecialities, linkRows);
  ctx.counts.service_classes = await insertAll(ctx.db, serviceClasses, classRows);
  ctx.counts.service_synonyms = await insertAll(ctx.db, serviceSynonyms, synonymRows);
  ctx.progress('catalog', 1, 1);
}
