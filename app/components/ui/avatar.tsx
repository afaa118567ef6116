import type { CSSProperties } from 'react';

const PALETTE = [
  'bg-sky-100 text-sky-700',
  'bg-emerald-100 text-emerald-700',
  'bg-violet-100 text-violet-700',
  'bg-amber-100 text-amber-700',
  'bg-rose-100 text-rose-700',
];

/** Photo, or initials on a colour picked from the id so the same person keeps one colour. */
export function Avatar({
  id,
  name,
  src,
  size = 80,
}: {
  id: number;
  name: string;
  src?: string | null;
  size?: number;
}) {
  const style = { width: size, height: size };
  if (src)
    return (
      <img
        src={src}
        alt={name}
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={style}
      />
    );
  const initials = name
    .split(' ')
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  return (
    <span
      aria-hidden="true"
      className={`initials ${PALETTE[id % PALETTE.length]}`}
      style={{ '--size': `${size}px` } as CSSProperties}
    >
      {initials}
    </span>
  );
}
