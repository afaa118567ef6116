import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // One module for the list, the speciality list and the doctor page: the segment after
  // /vrach/ is either a speciality translit or '{id}-{slug}'.
  route(':town/vrach/:slug?', 'routes/doctors.tsx'),
  route(':town/lpu', 'routes/clinics.tsx'),
  route(':town/lpu/:slug', 'routes/clinic.tsx'),
  route('login', 'routes/login.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
