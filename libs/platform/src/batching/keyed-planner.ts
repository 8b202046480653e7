/**
 * Startup options for connections that run batch statements reaching every row by key (an
 * `unnest` of keys joined on primary keys and unique indexes): one generic plan per connection,
 * and no plan shape that reads a table other than by probing an index. A generic plan made while
 * a table is a page or two is then the plan a full table needs, so such statements can be named
 * and Postgres parses and plans each once per connection (docs/performance.md, step 22).
 */
export const KEYED_PLANNER_SETTINGS: readonly string[] = [
  'plan_cache_mode=force_generic_plan',
  'enable_seqscan=off',
  'enable_bitmapscan=off',
  'enable_hashjoin=off',
  'enable_mergejoin=off',
];

/** KEYED_PLANNER_SETTINGS as a connection's startup options. */
export const KEYED_PLANNER_OPTIONS = KEYED_PLANNER_SETTINGS.map((setting) => `-c ${setting}`).join(' ');
