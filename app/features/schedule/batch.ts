/**
 * Batching of the schedule widgets' asks: the cards that scroll into view together (one tick)
 * share one call per window of days, at most `max` asks each. An answer is kept, so a card
 * mounted again does not ask again; a failure or a missing answer resolves to null (the stub)
 * and is not kept, so a later mount retries.
 */
export function createBatcher<Ask, Answer, Span>({
  send,
  spanKey,
  askKey,
  max,
}: {
  /** One call: the answers in the asks' order (null where there is none). Throwing means all failed. */
  send: (span: Span, asks: Ask[]) => Promise<(Answer | null | undefined)[]>;
  spanKey: (span: Span) => string;
  askKey: (ask: Ask) => string;
  max: number;
}) {
  const answers = new Map<string, Promise<Answer | null>>();
  const queued = new Map<string, { span: Span; asks: Ask[]; done: ((a: Answer | null) => void)[] }>();

  async function call(span: Span, asks: Ask[], done: ((a: Answer | null) => void)[]) {
    let list: (Answer | null | undefined)[] = [];
    try {
      list = await send(span, asks);
    } catch (error) {
      console.warn(error);
    }
    for (const [i, resolve] of done.entries()) resolve(list[i] ?? null);
  }

  function flush() {
    const batches = [...queued.values()];
    queued.clear();
    for (const { span, asks, done } of batches) {
      for (let i = 0; i < asks.length; i += max)
        void call(span, asks.slice(i, i + max), done.slice(i, i + max));
    }
  }

  return function request(ask: Ask, span: Span): Promise<Answer | null> {
    const windowKey = spanKey(span);
    const key = `${windowKey}/${askKey(ask)}`;
    const known = answers.get(key);
    if (known) return known;
    const answer = new Promise<Answer | null>((resolve) => {
      let batch = queued.get(windowKey);
      if (!batch) {
        if (queued.size === 0) setTimeout(flush, 0);
        batch = { span, asks: [], done: [] };
        queued.set(windowKey, batch);
      }
      batch.asks.push(ask);
      batch.done.push(resolve);
    });
    answers.set(key, answer);
    void answer.then((a) => {
      if (!a) answers.delete(key);
    });
    return answer;
  };
}
