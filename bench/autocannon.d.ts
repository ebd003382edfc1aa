// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module "autocannon" {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds before a request is given up (a timeout); 10 by default. */
    timeout?: number;
    headers?: Record<string, string>;
    requests?: { setupRequest?: (request: Request, context: Record<string, unknown>) => Request }[];
  };
  type Result = {
    requests: { total: number; average: number };
    throughput: { total: number; average: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  type Instance = PromiseLike<Result> & {
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
    on(event: "reqError", listener: (error: Error) => void): void;
    stop(): void;
  };
  export default function autocannon(options: Options): Instance;
}
