import { z } from 'zod';
import { PlatformStatusLevel } from '../enums.ts';

/** GET, not enveloped: the platform status file (query t=timestamp, language=zh_CN|en_US). */
export const PLATFORM_STATUS_PATH = '/platform-status.json';

export const platformStatusEntry = z.object({
  state: z.string(),
  status: z.enum([PlatformStatusLevel.WARNING, PlatformStatusLevel.ERROR]),
  message: z.string(),
});
export type PlatformStatusEntry = z.infer<typeof platformStatusEntry>;
export const platformStatusFile = z.array(platformStatusEntry);
