import { notFound } from '../lib/seo';

/** Anything no other route matches is a real 404, rendered by the root error boundary. */
export function loader() {
  throw notFound();
}

export default function NotFound() {
  return null;
}
