import pino from "pino";
import { getEnv } from "./env.server";

let instance: pino.Logger | undefined;

/** One JSON line per event. Never log secrets, tokens, passwords or query strings. */
export function getLogger(): pino.Logger {
  if (!instance) {
    const env = getEnv();
    instance = pino({
      level: env.NODE_ENV === "test" ? "silent" : env.LOG_LEVEL,
      base: { service: "scam-free" },
      redact: ["password", "token", "*.password", "*.token"],
    });
  }
  return instance;
}
