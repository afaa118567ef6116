import { defineCall } from '../http/call';

/** The websocket that tells an open reception list of changed visits. */
export const CABINET_VISITS_SOCKET = '/ws/cabinet/appointments';

import type { AffectedVisits } from './affected-visits';
import type {
  CaptionBody,
  ClinicAbout,
  ClinicAboutBody,
  ClinicAccessibility,
  ClinicHolidayBody,
  ClinicHours,
  ClinicMedia,
  ClinicPromotions,
  ClinicRules,
  ClinicRulesBody,
  ClinicWeekBody,
  EquipmentBody,
  LicenceBody,
  MoveBody,
  PromotionBody,
  UploadedImage,
  VideoBody,
} from './clinic-page-contracts';
import type {
  BookingToggleBody,
  BookingToggled,
  CabinetCallback,
  CabinetCallbacks,
  CallbackOutcomeBody,
  CallbacksQuery,
  ClinicSettings,
  ClinicSettingsBody,
  DatedHoursBody,
  DatedHoursRemoveBody,
  DatedHoursSaved,
  DayOffRemoved,
  DaysOff,
  DaysOffAdded,
  DaysOffBody,
  DaysOffQuery,
  Hours,
  HoursBody,
  HoursQuery,
  HoursSaved,
  HoursWithdrawBody,
  Reception,
  ReceptionQuery,
  ReceptionVisit,
  VisitStatusBody,
} from './contracts';
import type {
  CabinetPrices,
  ClubBody,
  ClubParticipation,
  NewPriceLineBody,
  PriceLineBody,
  SynonymOptions,
  SynonymQuery,
} from './price-contracts';
import type { VisitPriceBody, VisitPrices } from './visit-price-contracts';

/** The signed-in doctor's or clinic's visits of a day or a week. */
export const cabinetReception = defineCall<{ query: ReceptionQuery; reply: Reception }>()(
  'GET',
  '/cabinet/ajax/appointments/',
);

/** Marks one of the account's visits: 'done', 'no_show', or 'canceled' with a reason (the patient gets an SMS). */
export const cabinetVisitStatus = defineCall<{
  params: { id: number };
  body: VisitStatusBody;
  reply: ReceptionVisit;
}>()('POST', '/cabinet/ajax/appointments/:id/status/');

/** The account's upcoming days off. */
export const cabinetDaysOff = defineCall<{ query: DaysOffQuery; reply: DaysOff }>()(
  'GET',
  '/cabinet/ajax/schedule/days-off/',
);

/** Closes days; 409 `visits_booked` with the visits when some are booked and not to be cancelled. */
export const cabinetAddDaysOff = defineCall<{
  body: DaysOffBody;
  reply: DaysOffAdded;
  refusal: AffectedVisits;
}>()('POST', '/cabinet/ajax/schedule/days-off/');

/** Opens a closed day again. */
export const cabinetRemoveDayOff = defineCall<{ params: { id: number }; reply: DayOffRemoved }>()(
  'DELETE',
  '/cabinet/ajax/schedule/days-off/:id/',
);

/** The account's callback requests: open ones, or those already answered. */
export const cabinetCallbacks = defineCall<{ query: CallbacksQuery; reply: CabinetCallbacks }>()(
  'GET',
  '/cabinet/ajax/callbacks/',
);

/** Answers an open request: 'called' or 'booked'. */
export const cabinetCallbackOutcome = defineCall<{
  params: { id: number };
  body: CallbackOutcomeBody;
  reply: CabinetCallback;
}>()('POST', '/cabinet/ajax/callbacks/:id/status/');

/** The clinic's reminders to patients (a clinic account; a doctor reads them, 403 to change). */
export const cabinetSettings = defineCall<{ reply: ClinicSettings }>()('GET', '/cabinet/ajax/settings/');
/** Switches the clinic's reminders; the queued ones follow (read when due). */
export const cabinetSetSettings = defineCall<{ body: ClinicSettingsBody; reply: ClinicSettings }>()(
  'POST',
  '/cabinet/ajax/settings/',
);

/** A doctor's weekly hours at a clinic for one visit type, and the account's doctors at clinics. */
export const cabinetHours = defineCall<{ query: HoursQuery; reply: Hours }>()(
  'GET',
  '/cabinet/ajax/schedule/hours/',
);

/** New weekly hours from a day (today by default); 409 `visits_outside` with the visits they would drop, unless cancelled. */
export const cabinetSetHours = defineCall<{ body: HoursBody; reply: HoursSaved; refusal: AffectedVisits }>()(
  'POST',
  '/cabinet/ajax/schedule/hours/',
);

/** Withdraws a coming change of the weekly hours; 409 `visits_outside` with the visits it would drop. */
export const cabinetWithdrawHours = defineCall<{
  body: HoursWithdrawBody;
  reply: HoursSaved;
  refusal: AffectedVisits;
}>()('POST', '/cabinet/ajax/schedule/hours/withdraw/');

/** A date's own hours; 409 `visits_outside` with the visits they would drop, unless cancelled. */
export const cabinetSetDatedHours = defineCall<{
  body: DatedHoursBody;
  reply: DatedHoursSaved;
  refusal: AffectedVisits;
}>()('POST', '/cabinet/ajax/schedule/dated-hours/');

/** Takes a date's own hours away (the week's apply); 409 `visits_outside` as above. */
export const cabinetRemoveDatedHours = defineCall<{
  body: DatedHoursRemoveBody;
  reply: DatedHoursSaved;
  refusal: AffectedVisits;
}>()('POST', '/cabinet/ajax/schedule/dated-hours/remove/');

/** A clinic switches online booking of one of its doctors on or off (a doctor account: 403). */
export const cabinetSetBooking = defineCall<{ body: BookingToggleBody; reply: BookingToggled }>()(
  'POST',
  '/cabinet/ajax/schedule/booking/',
);

/** What the clinic tells of its accessibility (a clinic account; shown on its page). */
export const cabinetAccessibility = defineCall<{ reply: ClinicAccessibility }>()(
  'GET',
  '/cabinet/ajax/clinic/accessibility/',
);
/** Sets it: the clinic page and the list filter follow at once. */
export const cabinetSetAccessibility = defineCall<{
  body: ClinicAccessibility;
  reply: ClinicAccessibility;
}>()('POST', '/cabinet/ajax/clinic/accessibility/');

/** The clinic's description, phones and website (a clinic account; shown on its page). */
export const cabinetClinicAbout = defineCall<{ reply: ClinicAbout }>()('GET', '/cabinet/ajax/clinic/about/');
/** Sets them; phones are kept as digits ('74951234567'). */
export const cabinetSetClinicAbout = defineCall<{ body: ClinicAboutBody; reply: ClinicAbout }>()(
  'POST',
  '/cabinet/ajax/clinic/about/',
);
/** The clinic's weekly working hours and its upcoming holiday days. */
export const cabinetClinicHours = defineCall<{ reply: ClinicHours }>()('GET', '/cabinet/ajax/clinic/hours/');
/** Sets the weekly hours (all seven days). */
export const cabinetSetClinicHours = defineCall<{ body: ClinicWeekBody; reply: ClinicHours }>()(
  'POST',
  '/cabinet/ajax/clinic/hours/',
);
/** Adds a holiday day (or changes the hours of one already listed). */
export const cabinetAddClinicHoliday = defineCall<{ body: ClinicHolidayBody; reply: ClinicHours }>()(
  'POST',
  '/cabinet/ajax/clinic/holidays/',
);
/** Removes a holiday day. */
export const cabinetRemoveClinicHoliday = defineCall<{ params: { id: number }; reply: ClinicHours }>()(
  'DELETE',
  '/cabinet/ajax/clinic/holidays/:id/',
);
/** The clinic's visiting rules ('Правила посещения' on its page). */
export const cabinetClinicRules = defineCall<{ reply: ClinicRules }>()('GET', '/cabinet/ajax/clinic/rules/');
/** Sets them, a rule a line; an empty text removes the section from the page. */
export const cabinetSetClinicRules = defineCall<{ body: ClinicRulesBody; reply: ClinicRules }>()(
  'POST',
  '/cabinet/ajax/clinic/rules/',
);
/** The clinic's promotions, or (below Стандарт) what the level with promotions would give. */
export const cabinetClinicPromotions = defineCall<{ reply: ClinicPromotions }>()(
  'GET',
  '/cabinet/ajax/clinic/promotions/',
);
/** Adds a promotion (403 below Стандарт). */
export const cabinetAddPromotion = defineCall<{ body: PromotionBody; reply: ClinicPromotions }>()(
  'POST',
  '/cabinet/ajax/clinic/promotions/',
);
/** Changes a current or upcoming promotion. */
export const cabinetSetPromotion = defineCall<{
  params: { id: number };
  body: PromotionBody;
  reply: ClinicPromotions;
}>()('POST', '/cabinet/ajax/clinic/promotions/:id/');
/** 'Завершить': the promotion ends yesterday and moves to the archive; never deleted. */
export const cabinetEndPromotion = defineCall<{ params: { id: number }; reply: ClinicPromotions }>()(
  'POST',
  '/cabinet/ajax/clinic/promotions/:id/end/',
);

/** The clinic's price list by service class, its club participation and price status (a clinic account). */
export const cabinetPrices = defineCall<{ reply: CabinetPrices }>()('GET', '/cabinet/ajax/prices/');
/** Adds a line of a canonical service; the whole list as saved. */
export const cabinetAddPrice = defineCall<{ body: NewPriceLineBody; reply: CabinetPrices }>()(
  'POST',
  '/cabinet/ajax/prices/',
);
/** Changes a line (409 `stale` when it changed since it was shown); the whole list as saved. */
export const cabinetSetPrice = defineCall<{
  params: { id: number };
  body: PriceLineBody;
  reply: CabinetPrices;
}>()('POST', '/cabinet/ajax/prices/:id/');
/** Removes a line (409 while patients are booked on it, or once it has visits); the whole list. */
export const cabinetRemovePrice = defineCall<{ params: { id: number }; reply: CabinetPrices }>()(
  'DELETE',
  '/cabinet/ajax/prices/:id/',
);
/** Canonical services by name, for 'Добавить услугу'. */
export const cabinetPriceSynonyms = defineCall<{ query: SynonymQuery; reply: SynonymOptions }>()(
  'GET',
  '/cabinet/ajax/prices/synonyms/',
);
/** The clinic's club participation and its discount on services. */
export const cabinetSetClub = defineCall<{ body: ClubBody; reply: ClubParticipation }>()(
  'POST',
  '/cabinet/ajax/prices/club/',
);

/**
 * 'Стоимость приёма врачей': the clinic's doctors' visit prices per address and visit type, to
 * edit (ADR 039; the clinic's administrator).
 */
export const cabinetVisitPrices = defineCall<{ reply: VisitPrices }>()('GET', '/cabinet/ajax/doctor-prices/');
/** Sets one visit's price at one of the clinic's workplaces; the whole list as saved. */
export const cabinetSetVisitPrice = defineCall<{
  params: { workplaceId: number };
  body: VisitPriceBody;
  reply: VisitPrices;
}>()('POST', '/cabinet/ajax/doctor-prices/:workplaceId/');
/** A doctor's own visit prices as the clinics set them (read only; beside the doctor's profile). */
export const cabinetOwnVisitPrices = defineCall<{ reply: VisitPrices }>()(
  'GET',
  '/cabinet/ajax/profile/visit-prices/',
);

/** The clinic page's gallery (photos, videos), licences and equipment (a clinic account). */
export const cabinetClinicMedia = defineCall<{ reply: ClinicMedia }>()('GET', '/cabinet/ajax/clinic/media/');
/** Multipart `photo` (+ `caption`): the photo is on the page at once (201). */
export const cabinetAddClinicPhoto = defineCall<{ body: FormData; reply: ClinicMedia }>()(
  'POST',
  '/cabinet/ajax/clinic/media/photos/',
);
/** A link to a VK Video or RuTube video (201). */
export const cabinetAddClinicVideo = defineCall<{ body: VideoBody; reply: ClinicMedia }>()(
  'POST',
  '/cabinet/ajax/clinic/media/videos/',
);
/** A photo's or a video's caption. */
export const cabinetSetGalleryCaption = defineCall<{
  params: { id: number };
  body: CaptionBody;
  reply: ClinicMedia;
}>()('POST', '/cabinet/ajax/clinic/media/gallery/:id/');
/** Moves a photo (among the photos) or a video (among the videos) one place up or down. */
export const cabinetMoveGalleryItem = defineCall<{
  params: { id: number };
  body: MoveBody;
  reply: ClinicMedia;
}>()('POST', '/cabinet/ajax/clinic/media/gallery/:id/move/');
/** Takes a photo or a video off the page (kept, marked removed). */
export const cabinetRemoveGalleryItem = defineCall<{ params: { id: number }; reply: ClinicMedia }>()(
  'DELETE',
  '/cabinet/ajax/clinic/media/gallery/:id/',
);
/** Multipart `image`: a licence's scan or a piece of equipment's picture, kept for the form (201). */
export const cabinetUploadClinicImage = defineCall<{ body: FormData; reply: UploadedImage }>()(
  'POST',
  '/cabinet/ajax/clinic/media/images/',
);
export const cabinetAddLicence = defineCall<{ body: LicenceBody; reply: ClinicMedia }>()(
  'POST',
  '/cabinet/ajax/clinic/media/licences/',
);
export const cabinetSetLicence = defineCall<{
  params: { id: number };
  body: LicenceBody;
  reply: ClinicMedia;
}>()('POST', '/cabinet/ajax/clinic/media/licences/:id/');
export const cabinetRemoveLicence = defineCall<{ params: { id: number }; reply: ClinicMedia }>()(
  'DELETE',
  '/cabinet/ajax/clinic/media/licences/:id/',
);
export const cabinetAddEquipment = defineCall<{ body: EquipmentBody; reply: ClinicMedia }>()(
  'POST',
  '/cabinet/ajax/clinic/media/equipment/',
);
export const cabinetSetEquipment = defineCall<{
  params: { id: number };
  body: EquipmentBody;
  reply: ClinicMedia;
}>()('POST', '/cabinet/ajax/clinic/media/equipment/:id/');
export const cabinetMoveEquipment = defineCall<{
  params: { id: number };
  body: MoveBody;
  reply: ClinicMedia;
}>()('POST', '/cabinet/ajax/clinic/media/equipment/:id/move/');
export const cabinetRemoveEquipment = defineCall<{ params: { id: number }; reply: ClinicMedia }>()(
  'DELETE',
  '/cabinet/ajax/clinic/media/equipment/:id/',
);
