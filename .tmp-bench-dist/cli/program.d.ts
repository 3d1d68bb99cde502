/** The commander program: one `register*` per command file. */
import { Command } from 'commander';
export declare function createProgram(): Command;
