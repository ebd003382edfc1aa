import net from "node:net";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { isDatabaseUnavailable } from "./errors.ts";
import * as schema from "./schema.ts";

export type Database = ReturnType<typeof createDatabase>["db"];
export type Sql = postgres.Sql;
/** The database or a transaction in progress: what a step of a multi-step write runs on. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseOptions = {
  /** Connections in the pool (DATABASE_POOL_SIZE). */
  max?: number;
  /**
   * The URL is a pooler in transaction mode (PgBouncer): each statement may run on a different
   * server connection, so no named prepared statements (they would be missing on the next one)
   * and no session settings at connect time (PgBouncer refuses unknown start-up parameters), and
   * no pipelining.
   * The planner settings then come from the role (applyRoleSettings).
   */
  pooler?: boolean;
  onQuery?: (query: string) => void;
  /** Give up opening a connection after this long (a server that does not answer). Default 10 s. */
  connectTimeoutMs?: number;
  /**
   * No statement or transaction may take longer: the server cancels it (statement_timeout, where
   * the connection can carry it) and the client stops waiting for it (a frozen server cancels
   * nothing), failing with a DatabaseDeadline, which the doors answer 503. None by default.
   */
  statementTimeoutMs?: number;
  /** Names the connections in pg_stat_activity (the request pools: devconsult-web). */
  applicationName?: string;
  /**
   * The request pools (not behind a pooler): connections stay open through quiet periods, up to
   * KEEP_WARM_IDLE_SECONDS, and live 2 to 4 hours, instead of closing after 30 s idle.
   */
  keepWarm?: boolean;
};

/**
 * How long a request pool's connection stays open unused. The warm-up prepares the busiest
 * statements on each connection (prepareOnEveryConnection); a connection closed after a quiet
 * half-minute, a small directory's usual state between visitors, takes that with it, and the next
 * search pays a new connection and the parse, describe and planning again (bench/idle.ts; docs/
 * performance.md, The database connection). Keeping them costs no connection slot: the connection budget
 * (connection-budget.ts) already counts every request connection as open, and the start-up
 * warns when they do not fit. Still bounded: a pool left unused for an hour gives its
 * connections back. postgres.js turns TCP keep-alive on (probes after 60 s of silence), which
 * keeps an idle connection known to firewalls and NATs that drop silent ones.
 */
export const KEEP_WARM_IDLE_SECONDS = 3_600;

/**
 * postgres.js (3.4.9) sends its array-types query first on every new connection and drops that
 * query's promise (porsager/postgres#1192, #1205, #1223). When the server, or PgBouncer in front
 * of it, answers that query with an error — PgBouncer's "server login has been failing" while the
 * database restarts, a statement_timeout, an administrator's termination — the rejection reaches
 * no one and Node ends the process: seen killing both workers of an instance when the database
 * was killed behind PgBouncer (issue 35, session 12). The query that opened the connection gets
 * the same error and its request answers 503, so such a rejection (the database unavailable,
 * errors.ts) is logged and the process keeps serving. Any other unhandled rejection still ends
 * the process, as Node's default does. Installed once per process by server/main.ts.
 */
export function surviveLostDriverRejections(log: { warn: (obj: object, msg?: string) => void }) {
  process.on("unhandledRejection", (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    log.warn(
      { err: reason },
      "a database connection failed as it opened (postgres.js dropped the error of its type query): the request that opened it answered 503",
    );
  });
}
/**
 * How long a request pool's connection lives before it is replaced: 2 to 4 hours, drawn once per
 * pool (so the pools of an instance's workers are not all replaced at once; a connection's time
 * runs from its own opening). postgres.js's default, 30 to 60 minutes, would turn each connection
 * cold again twice an hour whatever the idle timeout. What a backend keeps grows no further with
 * its age: at most PREPARED_STATEMENTS statements (about 48 MB at the full 200) and the catalogue
 * of a fixed schema.
 */
const keepWarmLifetimeSeconds = () => Math.round(3_600 * (2 + Math.random() * 2));
/** Every other pool (jobs, start-up, one-off tools): connections opened when used, closed after 30 s idle. */
const IDLE_SECONDS = 30;

/** A statement or transaction outlived its pool's deadline: the database is too slow or frozen (503). */
export class DatabaseDeadline extends Error {
  override name = "DatabaseDeadline";
  readonly code = "DATABASE_DEADLINE";
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
  }
}

/**
 * The session settings the app wants on every connection. Statements run again are prepared once
 * per connection (preparedStatements), and planned once there too: one generic plan per statement,
 * not a plan per execution (planning was a fifth of a search's database time). The data is skewed
 * (a word may be in half the profiles or in three), so a plan made without the values is safe only
 * because no statement leaves the planner a choice the values would change: every search
 * statement names its way to read (walk an order's index, or read through one index and test the
 * rest on each row: walkTest and rowTest in services/search/query.ts), chosen per search from the
 * statistics, and the app's other statements read by key. And no JIT compilation, which costs
 * more than it saves on queries this short.
 */
export const SESSION_SETTINGS = { plan_cache_mode: "force_generic_plan", jit: "off" } as const;

/**
 * Behind a transaction pooler nothing is prepared (see DatabaseOptions.pooler), so every
 * execution is planned anyway: for its own values, then.
 */
export const POOLED_SESSION_SETTINGS = { ...SESSION_SETTINGS, plan_cache_mode: "force_custom_plan" } as const;

/** One connection pool for the process; Drizzle on top of postgres.js. */
export function createDatabase(url: string, options: DatabaseOptions = {}) {
  const { onQuery, statementTimeoutMs } = options;
  const serverTimeouts = statementTimeoutMs
    ? {
        statement_timeout: statementTimeoutMs,
        // A transaction left open (its client gone quiet) releases its locks soon after.
        idle_in_transaction_session_timeout: statementTimeoutMs * 2,
      }
    : {};
  // Behind a pooler with a deadline: the pool's client connections, to drop them all when the
  // pooler says the database is down (poolerOutage).
  const pooledSockets = options.pooler && statementTimeoutMs ? new Set<net.Socket>() : undefined;
  const sql = postgres(url, {
    max: options.max ?? 10,
    ...(pooledSockets ? { socket: trackedSocket(pooledSockets, options.connectTimeoutMs ?? 10_000) } : {}),
    // Tests count the statements a page costs (app/page-queries.test.ts).
    ...(onQuery ? { debug: (_connection: number, query: string) => onQuery(query) } : {}),
    ...(options.keepWarm
      ? { idle_timeout: KEEP_WARM_IDLE_SECONDS, max_lifetime: keepWarmLifetimeSeconds() }
      : { idle_timeout: IDLE_SECONDS }),
    connect_timeout: (options.connectTimeoutMs ?? 10_000) / 1000,
    // Notices (for example "relation already exists, skipping") are not errors.
    onnotice: () => {},
    // Behind a pooler also one statement at a time per connection: PgBouncer before 1.21 (Debian
    // 12 ships 1.18) hands the server connection back at the first ReadyForQuery, so the answers
    // to pipelined statements arrive on a server no longer linked to us and the client is dropped.
    ...(options.pooler
      ? { prepare: false, max_pipeline: 0 }
      : {
          connection: {
            ...(options.applicationName ? { application_name: options.applicationName } : {}),
            ...SESSION_SETTINGS,
            ...serverTimeouts,
          },
        }),
  });
  if (options.pooler) sql.begin = beginOnReservedConnection(sql);
  else preparedStatements(sql, PREPARED_STATEMENTS);
  if (statementTimeoutMs) {
    withDeadlines(
      sql,
      statementTimeoutMs,
      pooledSockets
        ? poolerOutage(url, {
            connectTimeoutMs: options.connectTimeoutMs,
            onDown: () => {
              for (const socket of pooledSockets) socket.destroy();
            },
          })
        : undefined,
    );
  }
  const db = drizzle(sql, { schema });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}

/**
 * postgres.js's `socket` option for a pool behind a pooler: a TCP (or Unix) connection to the first
 * of the URL's hosts that accepts within `connectTimeoutMs` (postgres.js's own connect timeout
 * starts only once it has the socket), kept in `sockets` while it is open, so the pool's
 * connections can be closed at once (poolerOutage's onDown).
 */
function trackedSocket(sockets: Set<net.Socket>, connectTimeoutMs: number) {
  const connectOne = (target: net.NetConnectOpts, name: string) =>
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect(target);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(Object.assign(new Error(`connect timeout ${name}`), { code: "CONNECT_TIMEOUT" }));
      }, connectTimeoutMs);
      socket.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      socket.once("connect", () => {
        clearTimeout(timer);
        sockets.add(socket);
        socket.once("close", () => sockets.delete(socket));
        // postgres.js names the server by these when it upgrades to TLS.
        Object.assign(socket, {
          host: "host" in target ? target.host : undefined,
          port: "port" in target ? target.port : undefined,
        });
        resolve(socket);
      });
    });
  return async (options: { host: string[]; port: number[]; path?: string | false }) => {
    if (options.path) return connectOne({ path: options.path }, options.path);
    let failure: unknown;
    for (const [index, host] of options.host.entries()) {
      const port = options.port[index] ?? options.port[0] ?? 5432;
      try {
        return await connectOne({ host, port }, `${host}:${port}`);
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  };
}

type Settle = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/** The pooler in front of the database says it cannot reach it (poolerOutage): a 503 now, not at the deadline. */
export class DatabaseDown extends Error {
  override name = "DatabaseDown";
  readonly code = "DATABASE_DOWN";
  constructor() {
    super("the database is down: the connection pooler cannot reach it");
  }
}

/** What a pooled pool knows of its database's outages (poolerOutage). */
export type Outage = {
  /** Whether a probe found the database down a moment ago: statements fail at once. */
  knownDown: () => boolean;
  /** Whether the database is down now (a probe, or its remembered result); never rejects. */
  check: () => Promise<boolean>;
  /** A statement still unanswered after this long asks check(), then again every recheckMs. */
  suspectAfterMs: number;
  recheckMs: number;
};

/** A pooled statement unanswered this long may be waiting in the pooler's queue for a database that is gone. */
export const OUTAGE_SUSPECT_AFTER_MS = 250;
/** How long a probe's answer is kept: while the database is down, statements fail at once for this long. */
export const OUTAGE_MEMORY_MS = 1_000;
/** A probe slower than this tells nothing (a busy pool, a frozen server): the statement deadline decides. */
const OUTAGE_PROBE_TIMEOUT_MS = 1_000;

/**
 * Behind PgBouncer the database's death is silent. A client connection to PgBouncer stays open
 * while the database is down; its next statement waits in PgBouncer's queue (query_wait_timeout,
 * 120 s by default) for a server connection PgBouncer cannot open, so every request waited the
 * whole statement deadline (5 s) for its 503, where a direct connection is refused at once
 * (issue 35, audit of session 12). What PgBouncer does tell at once is a new client: while its
 * logins to the server fail it refuses new clients ("server login has been failing", 08P01).
 * So a statement still unanswered after OUTAGE_SUSPECT_AFTER_MS opens a fresh connection to the
 * pooler and runs `select 1` (one probe at a time per pool, its answer kept OUTAGE_MEMORY_MS):
 * refused or closed, the database is down, the waiting statements fail with DatabaseDown (503)
 * and the next ones fail before they are sent until a probe passes again. A probe that answers,
 * or is merely slow (a saturated pool, a frozen server), changes nothing: the statement deadline
 * still decides. The probe skips postgres.js's type query (fetch_types), whose error nobody would
 * handle (surviveLostDriverRejections).
 *
 * `onDown` runs when a probe finds the database down. The pool closes every client connection it
 * has to the pooler then: a statement answered 503 still sits in PgBouncer's queue, and PgBouncer
 * would run it when the database comes back (an INSERT the visitor was told had failed, applied
 * seconds later; a cancel request does not take it out of the queue). PgBouncer refuses a new
 * client only while it has no server connection at all, so nothing of ours is running on a server
 * then: each open connection holds a queued statement or nothing, and closing it drops the
 * statement.
 */
export function poolerOutage(
  url: string,
  { connectTimeoutMs = 10_000, onDown }: { connectTimeoutMs?: number; onDown?: () => void } = {},
): Outage {
  let known: { down: boolean; until: number } | undefined;
  let probing: Promise<boolean> | undefined;
  const probeTimeoutMs = Math.min(connectTimeoutMs, OUTAGE_PROBE_TIMEOUT_MS);
  async function probe(): Promise<boolean> {
    const client = postgres(url, {
      max: 1,
      prepare: false,
      fetch_types: false,
      connect_timeout: probeTimeoutMs / 1000,
      onnotice: () => {},
    });
    try {
      await raceDeadline(client.unsafe("select 1"), probeTimeoutMs);
      return false;
    } catch (error) {
      return !(error instanceof DatabaseDeadline) && isDatabaseUnavailable(error);
    } finally {
      void client.end({ timeout: 0 }).catch(() => {});
    }
  }
  return {
    knownDown: () => known?.down === true && Date.now() < known.until,
    check: () => {
      if (known && Date.now() < known.until) return Promise.resolve(known.down);
      probing ??= probe().then((down) => {
        known = { down, until: Date.now() + OUTAGE_MEMORY_MS };
        probing = undefined;
        if (down) onDown?.();
        return down;
      });
      return probing;
    },
    suspectAfterMs: OUTAGE_SUSPECT_AFTER_MS,
    recheckMs: OUTAGE_MEMORY_MS,
  };
}

/**
 * `work` or a DatabaseDeadline after `ms`, whichever comes first; `onLate` runs if the deadline
 * wins. With an `outage` watch, also a DatabaseDown as soon as it finds the database down.
 */
export function raceDeadline<T>(work: PromiseLike<T>, ms: number, onLate?: () => void, outage?: Outage): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const settle: Settle = { resolve: resolve as (value: unknown) => void, reject };
    let settled = false;
    let watch: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      clearTimeout(watch);
      return true;
    };
    const giveUp = (error: Error) => {
      if (!finish()) return;
      onLate?.();
      settle.reject(error);
    };
    const timer = setTimeout(() => giveUp(new DatabaseDeadline(ms)), ms);
    if (outage) {
      const suspect = () => {
        void outage.check().then((down) => {
          if (down) giveUp(new DatabaseDown());
          else if (!settled) watch = setTimeout(suspect, outage.recheckMs);
        });
      };
      watch = setTimeout(suspect, outage.suspectAfterMs);
    }
    work.then(
      (value) => {
        if (finish()) settle.resolve(value);
      },
      (error: unknown) => {
        if (finish()) settle.reject(error);
      },
    );
  });
}

/**
 * Every statement Drizzle sends (sql.unsafe) and every transaction (sql.begin) gets a deadline on
 * this side of the connection, waiting for a free connection included: a server that is frozen
 * (SIGSTOP, a hung disk, a partition) cancels nothing and closes nothing, so without it a request
 * waits as long as the freeze. The server's statement_timeout ends a slow statement on its side;
 * a transaction past the deadline is rolled back, never committed later.
 */
function withDeadlines(sql: postgres.Sql, ms: number, outage?: Outage) {
  const unsafe = sql.unsafe.bind(sql);
  sql.unsafe = ((...call: Parameters<postgres.Sql["unsafe"]>) => {
    const query = unsafe(...call);
    const then = query.then.bind(query);
    let raced: Promise<unknown> | undefined;
    // postgres.js starts a query when it is awaited; values() and the rest return the query itself.
    // biome-ignore lint/suspicious/noThenProperty: the query stays awaitable, now with a deadline
    query.then = ((onFulfilled?: (value: unknown) => unknown, onRejected?: (error: unknown) => unknown) => {
      // The database was found down a moment ago: not even sent.
      if (outage?.knownDown()) raced ??= Promise.reject(new DatabaseDown());
      raced ??= raceDeadline(
        { then } as PromiseLike<unknown>,
        ms,
        () => {
          // Still waiting for a connection: leave the queue. One sent is left to the server's own
          // statement_timeout: cancelling it would open a connection to a server that may not answer.
          if (!(query as unknown as { state: unknown }).state) query.cancel();
        },
        outage,
      );
      return raced.then(onFulfilled, onRejected);
    }) as typeof query.then;
    return query;
  }) as postgres.Sql["unsafe"];
  const begin = sql.begin.bind(sql) as (...args: unknown[]) => Promise<unknown>;
  sql.begin = ((...args: unknown[]) => {
    if (outage?.knownDown()) return Promise.reject(new DatabaseDown());
    const work = args.at(-1) as (scope: unknown) => unknown;
    let late = false;
    const guarded = async (scope: unknown) => {
      const result = await work(scope);
      // The caller was told the database failed: what it began must not commit now.
      if (late) throw new DatabaseDeadline(ms);
      return result;
    };
    return raceDeadline(
      begin(...args.slice(0, -1), guarded),
      ms,
      () => {
        late = true;
      },
      outage,
    );
  }) as postgres.Sql["begin"];
}

/**
 * Distinct statements a pool prepares, each kept by every connection that runs it (a search's is
 * about 100 KB of PostgreSQL's memory): a bound for a long-lived connection. Searches alone have
 * hundreds of shapes (filters, sorts, the engine's ways to read), most of them rare.
 */
const PREPARED_STATEMENTS = 200;
/** Statements seen once, waiting for a second run to be prepared; forgotten all at once when full. */
const SEEN_ONCE = 5_000;

/**
 * Drizzle sends its statements unnamed (it names only those built with `.prepare(name)`), so
 * PostgreSQL parses and analyses each one again on every execution, and postgres.js first asks it
 * to describe the parameters, a round trip more. Name instead the statements the pool runs
 * again, up to `limit` of them: each connection parses one once, then binds and runs it (8–12 %
 * of the database's CPU per search on the bench's mix, README, Performance). A statement run only once, and any
 * past the limit, runs unnamed as before (and is planned on each run).
 */
export function preparedStatements(sql: postgres.Sql, limit: number) {
  const named = new Set<string>();
  let seen = new Set<string>();
  const state: StatementState = { named, limit };
  statementStates.set(sql, state);
  const unsafe = sql.unsafe.bind(sql);
  sql.unsafe = ((...call: Parameters<postgres.Sql["unsafe"]>) => {
    const [query, args, queryOptions] = call;
    // Without parameters, as given: postgres.js then sends the simple protocol, which has no
    // named statements.
    if (!Array.isArray(args) || args.length === 0) return unsafe(...call);
    if (state.recording && !state.recording.has(query)) state.recording.set(query, args);
    if (!named.has(query) && named.size < limit) {
      if (seen.has(query)) {
        named.add(query);
        seen.delete(query);
      } else {
        if (seen.size >= SEEN_ONCE) seen = new Set();
        seen.add(query);
      }
    }
    const prepare = queryOptions?.prepare === true || named.has(query);
    return unsafe(query, args, { ...queryOptions, prepare });
  }) as postgres.Sql["unsafe"];
}

type StatementState = { named: Set<string>; limit: number; recording?: Map<string, readonly unknown[]> };
/** preparedStatements' names per pool, for the warm-up (prepareOnEveryConnection). */
const statementStates = new WeakMap<postgres.Sql, StatementState>();

/** A parameterised statement a pool sent, with the values of one run (their types are part of postgres.js's statement key). */
export type RecordedStatement = { query: string; args: readonly unknown[] };

/** Starts recording the parameterised statements the pool sends; the returned function stops and gives them. */
export function recordStatements(sql: postgres.Sql): () => RecordedStatement[] {
  const state = statementStates.get(sql);
  if (!state) return () => [];
  const recording = new Map<string, readonly unknown[]>();
  state.recording = recording;
  return () => {
    if (state.recording === recording) delete state.recording;
    return [...recording].map(([query, args]) => ({ query, args }));
  };
}

/**
 * Warm before ready (issue 35, item 5): postgres.js keeps its named statements per connection, and
 * PostgreSQL its parsed statement, generic plan and catalogue caches per backend, so a statement
 * the warm-up ran on one connection is still cold on the other nine: the first requests would
 * each pay a describe round trip, the parse and the planning on whichever connection they got.
 * This names `statements` in the pool (requests send them prepared from their first run) and runs
 * each once on every one of its `connections` (each reserved in turn, so every connection gets
 * them), inside a read-only transaction that is rolled back: nothing is written, whatever a
 * statement would do. A statement that fails is skipped. Resolves to the statements prepared on
 * each connection.
 */
export async function prepareOnEveryConnection(
  sql: postgres.Sql,
  statements: RecordedStatement[],
  connections: number,
): Promise<{ statements: number; connections: number }> {
  const state = statementStates.get(sql);
  if (!state || statements.length === 0) return { statements: 0, connections: 0 };
  const chosen = statements.filter(({ query }) => state.named.has(query) || state.named.size < state.limit);
  for (const { query } of chosen) state.named.add(query);
  // All at once: a connection reserved is out of the pool, so the next reservation gets another.
  // One that cannot be opened is left out (the warm-up has already said the pool failed).
  const reservations = await Promise.allSettled(Array.from({ length: connections }, () => sql.reserve()));
  const reserved = reservations.flatMap((settled) => (settled.status === "fulfilled" ? [settled.value] : []));
  try {
    await Promise.all(
      reserved.map(async (connection) => {
        await connection.unsafe("begin transaction read only");
        for (const { query, args } of chosen) {
          await connection.unsafe(query, args as never[], { prepare: true }).catch(async () => {
            // An aborted transaction runs nothing more: begin again.
            await connection.unsafe("rollback");
            await connection.unsafe("begin transaction read only");
          });
        }
        await connection.unsafe("rollback");
      }),
    );
  } finally {
    for (const connection of reserved) connection.release();
  }
  return { statements: chosen.length, connections: reserved.length };
}

/**
 * Behind a pooler the session settings cannot travel with the connection: store them as this
 * role's defaults in this database (a role may always set its own), so every server connection
 * PgBouncer opens starts with them. Runs on the direct connection at start-up.
 */
export async function applyRoleSettings(sql: Sql) {
  const [{ database } = { database: "" }] = await sql<{ database: string }[]>`select current_database() as database`;
  for (const [name, value] of Object.entries(POOLED_SESSION_SETTINGS)) {
    await sql.unsafe(`alter role current_user in database ${quoteIdentifier(database)} set ${name} = '${value}'`);
  }
}

function quoteIdentifier(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

type TransactionScope = postgres.ReservedSql & { savepoint: (fn: (scope: TransactionScope) => unknown) => Promise<unknown> };

/**
 * postgres.js marks a transaction's connection as reserved from inside its pipelining check, so
 * with pipelining off (max_pipeline 0) `sql.begin` refuses to run (UNSAFE_TRANSACTION). Behind a
 * pooler a transaction therefore runs on a connection reserved first: BEGIN, the work, COMMIT
 * (or ROLLBACK), with savepoints for nested transactions, as sql.begin does.
 */
function beginOnReservedConnection(sql: postgres.Sql): postgres.Sql["begin"] {
  const begin = async (...args: unknown[]) => {
    const fn = args.at(-1) as (scope: TransactionScope) => unknown;
    const mode = args.length > 1 ? String(args[0]).replace(/[^a-z ]/gi, "") : "";
    const connection = await sql.reserve();
    let savepoints = 0;
    const scope = Object.assign(connection, {
      savepoint: async (inner: (scope: TransactionScope) => unknown) => {
        const name = `s${savepoints++}`;
        await connection.unsafe(`savepoint ${name}`);
        try {
          const result = await inner(scope);
          await connection.unsafe(`release savepoint ${name}`);
          return result;
        } catch (error) {
          await connection.unsafe(`rollback to savepoint ${name}`);
          throw error;
        }
      },
    }) as TransactionScope;
    try {
      await connection.unsafe(`begin ${mode}`);
      try {
        const result = await fn(scope);
        await connection.unsafe("commit");
        return result;
      } catch (error) {
        await connection.unsafe("rollback").catch(() => {});
        throw error;
      }
    } finally {
      connection.release();
    }
  };
  return begin as postgres.Sql["begin"];
}
