/** Every flow check (2.10, 3.3, 4.7, 6, 9), validation first. */
import type { CheckDefinition } from '../../runner/check.js';
import { lifecycleChecks } from './lifecycle.js';
import { validationChecks } from './validation.js';

export const flowChecks: CheckDefinition[] = [...validationChecks, ...lifecycleChecks];
