/**
 * The environment `npm start` builds and serves with. NODE_ENV is always "production" here: a
 * developer's exported NODE_ENV=development (or an empty NODE_ENV=) must not make `npm start` build
 * or serve React's development bundle. Everything else passes through as the caller set it.
 */
export function productionEnvironment(callerEnv) {
  return { ...callerEnv, NODE_ENV: "production" };
}
