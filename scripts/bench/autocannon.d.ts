/** The slice of autocannon 9's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  export interface RequestSpec {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** A function, or in workers mode the absolute path of a CommonJS module exporting one. */
    setupRequest?: string;
    onResponse?: string;
    [custom: string]: unknown;
  }
  export interface Options {
    url: string;
    title?: string;
    connections?: number;
    duration?: number;
    amount?: number;
    workers?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: RequestSpec[];
  }
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  export interface Result {
    title?: string;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
