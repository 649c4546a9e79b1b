/** The part of autocannon's API the bench uses (the package ships no types). */
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    /** each request in turn; `setupRequest` may change it (e.g. its path) before it goes */
    requests?: Array<{ setupRequest?: (request: { path?: string; [key: string]: unknown }) => { path?: string; [key: string]: unknown } }>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
