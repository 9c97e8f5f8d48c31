import { describe, expect, it } from 'vitest';
import { base64ToBytes } from './downloadBase64.ts';
import { importFileProblem, importProblems } from './importFile.ts';

describe('point table files', () => {
  it('turns the export answer base64 into its bytes', () => {
    expect([...base64ToBytes(btoa(String.fromCharCode(0x50, 0x4b, 0x03, 0x04, 0xff, 0x00)))]).toEqual([
      0x50, 0x4b, 0x03, 0x04, 0xff, 0x00,
    ]);
    expect(base64ToBytes('')).toHaveLength(0);
  });

  it('sends only .xls or .xlsx files of 1 byte to 10 MB', () => {
    expect(importFileProblem({ name: 'points.xlsx', size: 1000 })).toBeNull();
    expect(importFileProblem({ name: 'POINTS.XLS', size: 10 * 1024 * 1024 })).toBeNull();
    expect(importFileProblem({ name: 'points.xlsx', size: 10 * 1024 * 1024 + 1 })).toBe('points.importTooLarge');
    expect(importFileProblem({ name: 'points.csv', size: 10 })).toBe('points.importWrongType');
    expect(importFileProblem({ name: 'points.xlsx.exe', size: 10 })).toBe('points.importWrongType');
    expect(importFileProblem({ name: 'points.xlsx', size: 0 })).toBe('points.importEmptyFile');
  });

  it("reads the problems of an import refusal's details, and nothing else", () => {
    const refusal = { problems: [{ row: 4, column: 'Code', message: 'bad code' }], problemCount: 7 };
    expect(importProblems(refusal)).toEqual(refusal);
    expect(importProblems(null)).toBeNull();
    expect(importProblems({ problems: 'x' })).toBeNull();
  });
});
