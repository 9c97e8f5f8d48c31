/**
 * The load generator of the API benchmark, run as a child process so that it does not share
 * the server's event loop: autocannon with one request body per connection, recording every
 * response time to report exact percentiles. Input: env BENCH_LOAD (JSON); output: JSON line.
 */
import autocannon from 'autocannon';

export interface LoadPlan {
  url: string;
  bodies: string[];
  /** A call mix instead of one path: connection k sends requests[k % length] (path under url's origin). */
  requests?: { path: string; body: string }[];
  seconds: number;
  connections: number;
  verify: boolean;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  /** Answers that were not envelope successes. */
  mismatches: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (value: number) => Math.round(value * 10) / 10;

function run(plan: LoadPlan): Promise<LoadFigures> {
  const times: number[] = [];
  let next = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: plan.url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        connections: plan.connections,
        duration: plan.seconds,
        setupClient: (client) => {
          const mixed = plan.requests?.[next % plan.requests.length];
          if (mixed) client.setRequests([{ method: 'POST', path: mixed.path, body: mixed.body }]);
          else client.setBody(plan.bodies[next % plan.bodies.length]!);
          next += 1;
        },
        // An envelope error (e.g. -100) still answers HTTP 200: count anything but success. Reading
        // every body costs the load generator CPU that the server would otherwise get, so only on request.
        ...(plan.verify ? { verifyBody: (body: string) => body.startsWith('{"error_code":0,') } : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        times.sort((a, b) => a - b);
        resolve({
          requestsPerSecond: Math.round(result.requests.total / plan.seconds),
          p50: round(percentile(times, 50)),
          p95: round(percentile(times, 95)),
          p99: round(percentile(times, 99)),
          non2xx: result.non2xx,
          mismatches: result.mismatches,
          errors: result.errors,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

const plan = JSON.parse(process.env.BENCH_LOAD ?? '{}') as LoadPlan;
process.stdout.write(`${JSON.stringify(await run(plan))}\n`);
