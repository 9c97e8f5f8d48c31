import { createHash } from 'node:crypto';
import { OTA_DEVICE_STATUS, type OtaDeviceStatus } from '@dcc/contract';
import { encodeOtaProgress, type OtaNotify } from '@dcc/protocol';

/**
 * How a simulated DTU handles firmware upgrades, on command: `normal` downloads, checks and installs; each
 * other one produces one outcome of docs/device-protocol.md section 19:
 * - downloadFailed, downloadTimeout, protocolError, upgradeFailed, rejected: reported at their point;
 * - checkFailure: the file is damaged after download (a flash error), so the SHA-256 check fails;
 * - dropOnce: the download connection breaks once mid-file; the device resumes with a range request;
 * - stall: it reports that it started and then nothing (the cloud's timeout ends the job).
 */
export const OTA_BEHAVIOURS = [
  'normal',
  'downloadFailed',
  'checkFailure',
  'downloadTimeout',
  'protocolError',
  'upgradeFailed',
  'rejected',
  'dropOnce',
  'stall',
] as const;
export type OtaBehaviour = (typeof OTA_BEHAVIOURS)[number];

export interface OtaAgentOptions {
  code: string;
  /** The firmware version the device runs. */
  version: string;
  behaviour?: OtaBehaviour;
  /** Bytes per range request (default 64 KB). */
  chunkBytes?: number;
  /** Publishes a frame on the device's up topic. */
  send: (frame: Buffer) => void;
}

/** What the agent did, for tests and benches. */
export interface OtaAgentStats {
  requests: number;
  resumes: number;
  bytes: number;
  /** When (epoch ms) each status was last reported. */
  reportedAt: Partial<Record<OtaDeviceStatus, number>>;
}

/** The device side of an upgrade: download by ranges (resuming after a drop), SHA-256 check, progress reports, new version. */
export class OtaAgent {
  version: string;
  behaviour: OtaBehaviour;
  readonly stats: OtaAgentStats = { requests: 0, resumes: 0, bytes: 0, reportedAt: {} };
  private job: { id: number; abort: AbortController } | null = null;
  private readonly chunkBytes: number;
  private seq = Math.floor(Math.random() * 0xffff);

  constructor(private readonly options: OtaAgentOptions) {
    this.version = options.version;
    this.behaviour = options.behaviour ?? 'normal';
    this.chunkBytes = options.chunkBytes ?? 64 * 1024;
  }

  /** Starts a job (a job already running is left to finish: the cloud gives one job at a time). */
  notify(notify: OtaNotify): void {
    if (this.job?.id === notify.job) return;
    const job = { id: notify.job, abort: new AbortController() };
    this.job = job;
    void this.run(notify, job.abort.signal).finally(() => {
      if (this.job === job) this.job = null;
    });
  }

  /** Stops the job the cloud cancelled. */
  cancel(jobId: number): void {
    if (this.job?.id !== jobId) return;
    this.job.abort.abort();
    this.job = null;
  }

  private report(job: number, status: OtaDeviceStatus, percent: number): void {
    // Each report its own sequence number: a retried job repeats its reports, which must not look like resends.
    this.seq = (this.seq + 1) & 0xffff;
    const frame = encodeOtaProgress(
      this.options.code,
      { job, status: OTA_DEVICE_STATUS[status], percent, version: this.version },
      { seq: this.seq },
    );
    if (!frame.ok) return;
    this.stats.reportedAt[status] = Date.now();
    this.options.send(Buffer.from(frame.bytes));
  }

  private async run(notify: OtaNotify, signal: AbortSignal): Promise<void> {
    const { job } = notify;
    if (this.behaviour === 'rejected') return this.report(job, 'rejected', 0);
    if (this.behaviour === 'protocolError') return this.report(job, 'protocolError', 0);
    this.report(job, 'downloading', 0);
    if (this.behaviour === 'stall') return;
    let file: Buffer;
    try {
      file = await this.download(notify, signal);
    } catch (error) {
      if (!signal.aborted && !(error as { reported?: boolean }).reported) this.report(job, 'downloadFailed', 0);
      return;
    }
    if (signal.aborted) return;
    this.report(job, 'downloaded', 100);
    if (this.behaviour === 'checkFailure') file[0] = file[0]! ^ 0xff;
    this.report(job, 'verifying', 100);
    if (createHash('sha256').update(file).digest('hex') !== notify.sha256) return this.report(job, 'checkFailure', 100);
    this.report(job, 'upgrading', 100);
    if (this.behaviour === 'upgradeFailed') return this.report(job, 'upgradeFailed', 100);
    this.version = notify.version;
    this.report(job, 'succeeded', 100);
  }

  /** Fetches the file range by range from the signed link; a broken transfer resumes from the bytes already held. */
  private async download(notify: OtaNotify, signal: AbortSignal): Promise<Buffer> {
    const parts: Buffer[] = [];
    let held = 0;
    let dropped = false;
    let lastPercent = 0;
    while (held < notify.size) {
      if (this.behaviour === 'downloadFailed' && held > 0) throw new Error('download failed on command');
      if (this.behaviour === 'downloadTimeout' && held > 0) {
        this.report(notify.job, 'downloadTimeout', Math.floor((held * 100) / notify.size));
        throw Object.assign(new Error('timeout'), { reported: true });
      }
      const end = Math.min(held + this.chunkBytes, notify.size) - 1;
      this.stats.requests++;
      const response = await fetch(notify.url, { headers: { range: `bytes=${held}-${end}` }, signal });
      if (response.status !== 206) throw new Error(`download answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      if (this.behaviour === 'dropOnce' && !dropped && held > 0) {
        // The connection broke halfway through this range: keep what arrived, ask again from there.
        dropped = true;
        this.stats.resumes++;
        const half = body.subarray(0, Math.floor(body.length / 2));
        parts.push(half);
        held += half.length;
        continue;
      }
      parts.push(body);
      held += body.length;
      this.stats.bytes += body.length;
      const percent = Math.floor((held * 100) / notify.size);
      if (percent - lastPercent >= 10 && held < notify.size) {
        lastPercent = percent;
        this.report(notify.job, 'downloading', percent);
      }
    }
    return Buffer.concat(parts);
  }
}
