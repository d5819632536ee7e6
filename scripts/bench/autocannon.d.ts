// autocannon ships no types (and @types/autocannon is not installed): what the benchmarks use of its API.
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p99: number;
  };
  export type Result = {
    /** `sent`: every request sent, also those still unanswered when the run ended. */
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  };
  /** One request of a run; `setupRequest` may change it before each send (soak.ts varies path, body and token). */
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  };
  export type Options = {
    url: string;
    title?: string;
    /** Seconds without an answer after which a request counts as a timeout. */
    timeout?: number;
    requests?: Request[];
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
