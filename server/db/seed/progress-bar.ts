export interface Progress {
  stage: string;
  done: number;
  total: number;
}

/**
 * A progress line on stderr: redrawn in place on a terminal, and on a log (CI, pipes) one
 * line per stage and every ~10%, so a captured log stays short.
 */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr) {
  const tty = Boolean(stream.isTTY);
  const width = 28;
  let lastStage = '';
  let lastTenth = -1;
  let drawn = false;

  return {
    update({ stage, done, total }: Progress): void {
      const ratio = total > 0 ? Math.min(1, done / total) : 1;
      const percent = Math.floor(ratio * 100);
      const counts = `${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`;
      if (tty) {
        const filled = Math.round(ratio * width);
        const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
        stream.write(`\r\x1b[2K${stage.padEnd(16)} ${bar} ${String(percent).padStart(3)}%  ${counts}`);
        drawn = true;
        return;
      }
      const tenth = Math.floor(percent / 10);
      if (stage === lastStage && tenth === lastTenth) return;
      lastStage = stage;
      lastTenth = tenth;
      stream.write(`${stage}: ${percent}% (${counts})\n`);
    },
    /** Ends the redrawn line so later output starts on a fresh one. */
    done(): void {
      if (tty && drawn) stream.write('\n');
      drawn = false;
    },
  };
}
