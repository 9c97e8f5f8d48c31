import { backup, BackupRefused, backupTarget, restore } from './backup.ts';

/**
 * npm run backup -- <file> / npm run restore -- <file>, on the database the server's environment names
 * (DATABASE_URL, else DATA_DIR's PGlite). docs/OPERATIONS.md "Backup and restore".
 */
const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  process.stderr.write('usage: npm run backup -- <file>   |   npm run restore -- <file>\n');
  process.exit(2);
}
try {
  const target = backupTarget(process.env);
  await (command === 'backup' ? backup(target, file) : restore(target, file));
  const where = target.kind === 'postgres' ? 'the PostgreSQL database of DATABASE_URL' : `${target.dataDir}/pglite`;
  process.stdout.write(command === 'backup' ? `Backed up ${where} to ${file}\n` : `Restored ${file} into ${where}\n`);
} catch (error) {
  process.stderr.write(
    `${command} failed: ${error instanceof BackupRefused ? error.message : ((error as Error).stack ?? String(error))}\n`,
  );
  process.exit(1);
}
