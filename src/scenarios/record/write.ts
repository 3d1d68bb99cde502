/** Scenario -> YAML text, and an atomic file write (a reader never sees half a file). */
import { renameSync, writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import type { ScenarioInput } from '../schema.js';

export function scenarioToYaml(scenario: ScenarioInput): string {
  return stringify(scenario, { lineWidth: 0, aliasDuplicateObjects: false });
}

export function writeFileAtomic(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}
