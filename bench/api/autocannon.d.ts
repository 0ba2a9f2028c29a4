// The part of autocannon 8's API the bench uses (the package ships no types).
declare module 'autocannon' {
  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p2_5: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  };

  export type Options = {
    url: string;
    method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    amount?: number;
    maxOverallRequests?: number;
    timeout?: number;
    excludeErrorStats?: boolean;
  };

  export type Result = {
    duration: number;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
  };

  /** The running benchmark: a promise of its result that also reports every response. */
  export type Instance = PromiseLike<Result> & {
    on(
      event: 'response',
      listener: (
        client: unknown,
        statusCode: number,
        resBytes: number,
        responseTimeMs: number,
      ) => void,
    ): Instance;
  };

  export default function autocannon(options: Options): Instance;
}
