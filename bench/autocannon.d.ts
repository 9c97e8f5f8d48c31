// The part of autocannon's API the API benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Client {
    setBody(body: string): void;
    setRequests(
      requests: Array<{ method?: string; path?: string; headers?: Record<string, string>; body?: string }>,
    ): void;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    setupClient?: (client: Client) => void;
    verifyBody?: (body: string) => boolean;
  }
  interface Result {
    requests: { average: number; total: number };
    non2xx: number;
    mismatches: number;
    errors: number;
    duration: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: Client, statusCode: number, bytes: number, responseTime: number) => void,
    ): void;
  }
  export default function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance;
}
