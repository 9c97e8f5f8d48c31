// The part of autocannon's API the API benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    workers?: number;
    setupClient?: string;
  }
  interface Stats {
    average: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }
  interface Result {
    requests: Stats;
    latency: Stats;
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
