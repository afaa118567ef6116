import { type FakeWarning, fakeWarningText } from '../../../core/reviews/fake-warning';

/**
 * The fake-review warning, 'review' or 'rating' (docs/product/reviews.md): what moderation
 * found and did, over the reviews of a doctor or a clinic that staff marked.
 */
export function FakeWarningBanner({
  warning,
  subject,
}: {
  warning: FakeWarning | null;
  subject: 'doctor' | 'lpu';
}) {
  if (!warning) return null;
  const { title, text } = fakeWarningText(warning, subject);
  return (
    <div
      role="note"
      data-fake-warning={warning}
      className="rounded-lg border border-warning/40 bg-accent-soft p-4 text-sm"
    >
      <p className="font-semibold text-warning">{title}</p>
      <p className="mt-1">{text}</p>
    </div>
  );
}
