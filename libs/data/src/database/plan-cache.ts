/**
 * The session setting of connections on which Postgres plans every execution of a prepared
 * statement with its values and never caches a generic plan.
 */
export const CUSTOM_PLANS_ONLY = '-c plan_cache_mode=force_custom_plan';
