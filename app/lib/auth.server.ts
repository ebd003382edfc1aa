import type { AccountDeps, RequestFacts } from "../../server/services/accounts.ts";
import type { AppContext } from "../context.ts";

// The dependencies the account pages hand to the account services. (How a refused form answers
// is app/lib/service-errors.server.ts.)

export function accountDeps(context: AppContext): AccountDeps {
  return { db: context.db, mailer: context.mailer, config: context.config, log: context.log };
}

export function requestFacts(context: AppContext): RequestFacts {
  return { ip: context.clientIp };
}
