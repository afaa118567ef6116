import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  // Every page sits in the shell: header, main column, footer (app/routes/shell.tsx).
  layout('routes/shell.tsx', [
    index('routes/home.tsx'),
    // A town's own home (/moskva/): an unknown town is a 404; static paths (login, rating…) outrank it.
    route(':town', 'routes/town.tsx'),
    // One module for the list, the speciality list and the doctor page: the segment after
    // /vrach/ is either a speciality translit or '{id}-{slug}'.
    route(':town/vrach/:slug?', 'routes/doctors.tsx'),
    route(':town/lpu', 'routes/clinics.tsx'),
    // Lists (core/directory/list-urls.ts builds these URLs). Filters and sort live in the query
    // string: ?sort=rating|reviews|experience|price&na_dom=1&online=1&deti=1&club=1&page=N.
    // A place has its own prefix so its slug never meets a speciality's under /vrach/:
    // /{town}/metro|rayon/{place}/vrach/[{speciality}/] and .../lpu/; 'nearby' is
    // /{town}/ryadom/vrach/[{speciality}/]?lat=&lon=. The route modules shared by two prefixes
    // read which one from the path.
    route(':town/metro/:place/vrach/:speciality?', 'routes/doctors-place.tsx', { id: 'doctors-metro' }),
    route(':town/rayon/:place/vrach/:speciality?', 'routes/doctors-place.tsx', { id: 'doctors-rayon' }),
    route(':town/ryadom/vrach/:speciality?', 'routes/doctors-nearby.tsx'),
    route(':town/lechenie/:slug', 'routes/treatment.tsx'),
    // Every link to a narrower list, where a list page shows the first few (core/directory/list-urls.ts).
    route(':town/katalog/:speciality?', 'routes/catalog.tsx'),
    route('online/vrach/:speciality?', 'routes/doctors-online.tsx'),
    route(':town/metro/:place/lpu', 'routes/clinics-place.tsx', { id: 'clinics-metro' }),
    route(':town/rayon/:place/lpu', 'routes/clinics-place.tsx', { id: 'clinics-rayon' }),
    route(':town/top/:filter', 'routes/clinics-top.tsx'),
    // Service directories: the index of a section, then the clinics offering one service
    // (/{town}/uslugi/{service translit}/; a service sits in the section of its class).
    route(':town/uslugi', 'routes/services.tsx', { id: 'services-uslugi' }),
    route(':town/diagnostika', 'routes/services.tsx', { id: 'services-diagnostika' }),
    route(':town/analizy', 'routes/services.tsx', { id: 'services-analizy' }),
    route(':town/uslugi/:service', 'routes/service.tsx', { id: 'service-uslugi' }),
    route(':town/diagnostika/:service', 'routes/service.tsx', { id: 'service-diagnostika' }),
    route(':town/analizy/:service', 'routes/service.tsx', { id: 'service-analizy' }),
    route(':town/lpu/:slug/vrachi', 'routes/clinic-doctors.tsx'),
    // Reviews of a doctor or a clinic, ?type=all|positive|neutral|negative|resolved|unconfirmed|deleted.
    route(':town/vrach/:slug/otzivi', 'routes/reviews.tsx', { id: 'doctor-reviews' }),
    route(':town/lpu/:slug/otzivi', 'routes/reviews.tsx', { id: 'clinic-reviews' }),
    route(':town/lpu/:slug', 'routes/clinic.tsx'),
    route(':town/search', 'routes/search.tsx'),
    route('login', 'routes/login.tsx'),
    route('favourites', 'routes/favourites.tsx'),
    // Booking: the form for a doctor at a clinic, then the booked visit's page.
    route('appointment/new', 'routes/appointment-new.tsx'),
    route('appointment/:id', 'routes/appointment.tsx'),
    // An online visit's consultation room, for its patient and its doctor.
    route('appointment/:id/online', 'routes/appointment-online.tsx'),
    // The waitlist SMS's link: a freed time to take, or 'Больше не присылать'.
    route('waitlist/:token', 'routes/waitlist-offer.tsx'),
    // A clinic's service booked by time (an MRI, an ultrasound), and an analysis.
    route('uslugi/appointment/new', 'routes/service-appointment-new.tsx', { id: 'service-appointment-new' }),
    route('analyses/appointment/new', 'routes/service-appointment-new.tsx', {
      id: 'analysis-appointment-new',
    }),
    // The patient's profile: contacts, relatives, the club card, notifications, deleting it.
    route('profile', 'routes/profile.tsx'),
    route('profile/appointments', 'routes/profile-appointments.tsx'),
    // Where the payment provider returns a booking at the club price (the coupon's prepayment).
    route('club/coupon_request/:id/payment_status', 'routes/club-coupon-status.tsx'),
    // How the rating is counted (the formula is public).
    route('rating', 'routes/rating.tsx'),
    // The legal documents (core/legal/): the policies the consent texts link to.
    route('privacy', 'routes/legal.tsx', { id: 'legal-privacy' }),
    route('terms', 'routes/legal.tsx', { id: 'legal-terms' }),
    route('publishing-policy', 'routes/legal.tsx', { id: 'legal-publishing' }),
    // Writing a review (?doctor={id} or ?lpu={id}), the staff's moderation queue
    // (?status=pending|published|unconfirmed|resolved|deleted&page=N), the cabinet's answers.
    route('reviews/new', 'routes/review-new.tsx'),
    route('staff/reviews', 'routes/staff-reviews.tsx'),
    // Doctors' profile changes waiting for staff (?status=decided: the history).
    route('staff/profiles', 'routes/staff-profiles.tsx'),
    // Searches that found nothing, most frequent first (?days=7|30), staff only.
    route('staff/search', 'routes/staff-search.tsx'),
    // The annual award's calendar and texts by year (?year=YYYY), staff only.
    route('staff/promo', 'routes/staff-promo.tsx'),
    // Upgrade requests and setting a clinic's or doctor's software version, staff only.
    route('staff/plans', 'routes/staff-plans.tsx'),
    // The cabinet's pages in one frame: a clinic network's account picks the branch it runs there.
    layout('routes/cabinet-frame.tsx', [
      route('cabinet/reviews', 'routes/cabinet-reviews.tsx'),
      // The doctor's or clinic's visits (?date=yyyy-MM-dd&days=1|7&doctor=id).
      route('cabinet/appointments', 'routes/cabinet-appointments.tsx'),
      // The clinic's day or week, a column per doctor (?date=&days=1|7&doctor=&speciality=&address=).
      route('cabinet/calendar', 'routes/cabinet-calendar.tsx'),
      // Days off and vacations (?doctor=id).
      route('cabinet/schedule', 'routes/cabinet-schedule.tsx'),
      // The clinic's people and their roles (administrators).
      route('cabinet/people', 'routes/cabinet-people.tsx'),
      // Patients' requests to be called back (?status=done for the answered ones).
      route('cabinet/callbacks', 'routes/cabinet-callbacks.tsx'),
      // The clinic's keys for its software's integration API.
      route('cabinet/integration', 'routes/cabinet-integration.tsx'),
      // The clinic's price list and club participation.
      route('cabinet/prices', 'routes/cabinet-prices.tsx'),
      // The clinic's own page as it edits it (accessibility).
      route('cabinet/clinic', 'routes/cabinet-clinic.tsx'),
      // The doctor's profile (a clinic: ?doctor={id}, one of its own), sent for moderation.
      route('cabinet/profile', 'routes/cabinet-profile.tsx'),
      // The page's views, booking and phone presses and bookings by day (?days=7|30|90&metric=).
      route('cabinet/effectiveness', 'routes/cabinet-effectiveness.tsx'),
      // The page's plan ('Тариф'): its software version, what the next adds, a request to upgrade.
      route('cabinet/plan', 'routes/cabinet-plan.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
