/**
 * The doctor page's table of contents (offsets 75, 16 and 30 px).
 * The desktop column sticks 75 px from the top (under the site header); a link jumps so
 * that its section starts 16 px below the sticky area; a section becomes the current one
 * once its top is within 30 px of that area.
 */
export const TOC_STICKY_TOP = 75;
export const TOC_SCROLL_GAP = 16;
export const TOC_ACTIVATION_OFFSET = 30;

/**
 * The section being read: the last one whose top has reached `line` (px from the
 * viewport's top). Above the first section the first one is current; at the bottom of the
 * page the last one is, even when it is too short for its top to reach the line.
 * Tops [-400, -20, 300] with line 105 → the second (the third at the page's bottom).
 */
export function currentSection(
  sections: { id: string; top: number }[],
  line: number,
  atPageBottom = false,
): string | null {
  if (atPageBottom && sections.length) return sections[sections.length - 1].id;
  let current = sections[0]?.id ?? null;
  for (const s of sections) {
    if (s.top <= line) current = s.id;
    else break;
  }
  return current;
}
