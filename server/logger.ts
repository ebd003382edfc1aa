import { createRequire } from "node:module";
import pino from "pino";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

const REDACT = {
  paths: ["password", "*.password", "token", "*.token", "req.headers.cookie", "req.headers.authorization"],
  censor: "[redacted]",
};

/**
 * Structured logs; never log passwords, tokens or cookies. JSON lines for log collectors, or
 * readable coloured lines (pino-pretty) for a person: in development, or when stdout is a
 * terminal (LOG_FORMAT would be one setting too many: pipe the output and it is JSON again).
 */
export function createLogger(
  config: Pick<Config, "logLevel"> & Partial<Pick<Config, "env">>,
  { pretty = config.env === "development" || process.stdout.isTTY === true } = {},
): Logger {
  const options = { level: config.logLevel, redact: REDACT };
  if (!pretty) return pino(options);
  // Synchronous, in this thread: a log line written just before a crash is not lost.
  const prettyStream = createRequire(import.meta.url)("pino-pretty") as typeof import("pino-pretty");
  return pino(options, prettyStream({ colorize: process.stdout.isTTY === true, sync: true, translateTime: "SYS:HH:MM:ss.l" }));
}
