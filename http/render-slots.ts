/**
 * At most `size` requests are handled by React Router at once; the rest wait their turn in order.
 *
 * The Node thread renders one page at a time anyway and the database pool serves ten queries at
 * a time, so a thousand requests started together finish no sooner than the same thousand taken a
 * few dozen at a time. Started together, though, each holds its request, session lookup, loader
 * data and half-built page in memory until its turn at the database: a burst of a thousand likes
 * doubled the server's memory. Waiting here costs a few bytes per request instead.
 */
export function createRenderSlots(size: number) {
  let busy = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    // The slot passes straight to the next in line, so `busy` does not change.
    if (next) next();
    else busy -= 1;
  };

  return {
    /** Resolves with the function that gives the slot back, once one is free. */
    async take(): Promise<() => void> {
      if (busy < size) {
        busy += 1;
      } else {
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
  };
}
