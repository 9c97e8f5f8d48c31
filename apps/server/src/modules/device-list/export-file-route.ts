import { Readable } from 'node:stream';
import { DEVICE_EXPORT_FILE_PATH, ErrorCode } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../http/app-error.ts';
import type { ExportJobs } from './export-jobs.ts';

/**
 * GET DEVICE_EXPORT_FILE_PATH?job=...: the finished workbook of an export job, once, from whichever
 * instance is asked. The job id is the key (48 random hex digits answered only to the caller who
 * started it), like the live stream's ticket: a URL the browser can download without the session in it.
 */
export function registerDeviceExportFile(app: FastifyInstance, jobs: ExportJobs): void {
  app.addHook('onClose', async () => jobs.close());
  app.get(DEVICE_EXPORT_FILE_PATH, async (request, reply) => {
    const { job: key } = request.query as { job?: unknown };
    const job = typeof key === 'string' && key.length <= 64 ? await jobs.take(key) : undefined;
    if (!job) fail(ErrorCode.NOT_FOUND);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-length', job.fileBytes)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(job.fileName)}`)
      .header('cache-control', 'no-store')
      .send(Readable.from(job.parts));
  });
}
