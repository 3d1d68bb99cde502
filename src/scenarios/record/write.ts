/** Scenario -> YAML text, and an atomic file write (a reader never sees half a file). */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import type { ScenarioInput } from '../schema.js';

export function scenarioToYaml(scenario: ScenarioInput): string {
  return stringify(scenario, { lineWidth: 0, aliasDuplicateObjects: false });
}

export function writeFileAtomic(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (error) {
    // A failed write or rename (the file is a directory, the disk is full) leaves no temp file behind.
    rmSync(temp, { force: true });
    throw error;
  }
}
