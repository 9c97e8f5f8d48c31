import fs from 'node:fs';
import path from 'node:path';

/** The file a server running on an embedded PGlite database keeps in DATA_DIR: its process id. */
export const SERVER_PID_FILE = 'server.pid';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Marks DATA_DIR as used by this process; answers the release (called on close). */
export function holdDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, SERVER_PID_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
  };
}

/** The process id of a live server using DATA_DIR, or null (none, or a stale file of a server that died). */
export function dataDirHolder(dataDir: string): number | null {
  const file = path.join(dataDir, SERVER_PID_FILE);
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}
