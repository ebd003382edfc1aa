import pino from "pino";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

/** Structured JSON logs; never log passwords, tokens or cookies. */
export function createLogger(config: Pick<Config, "logLevel">): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: ["password", "*.password", "token", "*.token", "req.headers.cookie", "req.headers.authorization"],
      censor: "[redacted]",
    },
  });
}
