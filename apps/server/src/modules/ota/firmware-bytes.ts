import { LRUCache } from 'lru-cache';
import type { FirmwareStoreKind } from '../../firmware-store-config.ts';
import type { ByteSpan, FirmwareStores } from './firmware-store.ts';

/** Firmware bytes an instance keeps in memory for downloads (a few dozen mainboard files of at most 512 KB). */
const KEPT_BYTES = 64 * 1024 * 1024;

/** A firmware as its row describes its file. */
export interface StoredFirmware {
  id: string;
  sha256: string;
  size: number;
  stored_in: FirmwareStoreKind;
}

/**
 * A firmware's bytes for its downloads, read from its store once per instance: a rollout sends the same file to
 * hundreds of devices in range requests, and reading each range from the store made every request de-toast the
 * whole file from the database (holding a connection the devices' progress reports were waiting for), or cost a
 * round trip to S3. Keyed by id and SHA-256: a stored file never changes, and one that did would be another entry.
 * Concurrent first requests share one read. A file larger than a quarter of the memory is read span by span from
 * its store instead, so that it cannot push out the files a rollout is serving.
 */
export class FirmwareBytes {
  private readonly cache: LRUCache<string, Buffer, StoredFirmware>;
  private readonly largestKept: number;

  constructor(
    private readonly stores: FirmwareStores,
    keptBytes = KEPT_BYTES,
  ) {
    this.largestKept = Math.floor(keptBytes / 4);
    this.cache = new LRUCache<string, Buffer, StoredFirmware>({
      maxSize: keptBytes,
      sizeCalculation: (bytes) => Math.max(1, bytes.length),
      fetchMethod: async (_key, _stale, { context }) => {
        const bytes = await this.stores.holding(context.stored_in)?.read(context.id);
        // A file whose length is not the recorded one was replaced behind the server's back: not served.
        return bytes?.length === context.size ? bytes : undefined;
      },
    });
  }

  /** The span of the file, or undefined when its store does not have it (whole) — never a part of what was asked. */
  async span(firmware: StoredFirmware, span: ByteSpan): Promise<Buffer | undefined> {
    const length = span.end - span.start + 1;
    if (firmware.size > this.largestKept) {
      const part = await this.stores.holding(firmware.stored_in)?.read(firmware.id, span);
      return part?.length === length ? part : undefined;
    }
    const whole = await this.cache.fetch(`${firmware.id}:${firmware.sha256}`, { context: firmware });
    return whole?.subarray(span.start, span.end + 1);
  }
}
