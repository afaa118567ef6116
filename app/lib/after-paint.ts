/**
 * Runs `run` once the browser has painted the next frame: a requestAnimationFrame callback runs
 * just before that paint, and a task queued from it runs after. For work a tap causes that its
 * first frame need not show (Interaction to Next Paint counts up to that frame).
 */
export function afterNextPaint(run: () => void): void {
  requestAnimationFrame(() => {
    setTimeout(run, 0);
  });
}
