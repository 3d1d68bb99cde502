/** The AI configuration, knowledge base and media library checks (4.11, 4.12, 4.13), in run order. */
import type { CheckDefinition } from '../../runner/check.js';
import { aiConfigChecks } from './ai-config.js';
import { knowledgeChecks } from './knowledge.js';
import { mediaChecks } from './media.js';

export const aiKnowledgeMediaChecks: CheckDefinition[] = [...aiConfigChecks, ...knowledgeChecks, ...mediaChecks];
