/**
 * Node flags the web server runs with (`npm start`, and `npm run bench`, which measures the same
 * process). V8 lets an idle-looking heap grow to several times what the server keeps alive before
 * it collects: under a burst of a thousand requests the process reached about 400 MB while its
 * live data stayed far below that. A cap on the old generation makes V8 collect sooner; it costs a
 * little throughput under heavy load (see README, Performance) and keeps the process near 200 MB.
 * Half the default young generation (8 MB semi-spaces instead of 16) takes about 20 MB more off
 * the peak for no throughput we could measure (decision 022's addendum). The build is not run with it.
 */
export const SERVER_HEAP_MB = 192;
const SERVER_YOUNG_SEMI_SPACE_MB = 8;
export const SERVER_NODE_FLAGS = [
  `--max-old-space-size=${SERVER_HEAP_MB}`,
  `--max-semi-space-size=${SERVER_YOUNG_SEMI_SPACE_MB}`,
];
