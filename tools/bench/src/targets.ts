/** The targets of issue 13, printed beside the figures (benchmarks print; they never assert speed). */
export const E2E_TARGETS = '≥ 300 cash-ins/s sustained for 60 s, every one with its signed webhook; create -> webhook p99 < 2 s; CPU per cash-in ≤ 6 ms, all stack processes together';
export const API_TARGETS = 'at half its own maximum: GET /v1/payments/:id p99 < 10 ms, POST /v1/payments p99 < 50 ms; GET maximum ≥ 0.5 × the bare Fastify + Postgres primary-key read';
export const GET_P99_TARGET_MS = 10;
export const POST_P99_TARGET_MS = 50;
export const READ_RATIO_TARGET = 0.5;
