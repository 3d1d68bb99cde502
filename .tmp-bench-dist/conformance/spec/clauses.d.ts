/** Clause titles for the matrix, from the spec's headings (and our names for list items). */
export declare function clauseTitle(clause: string): string;
/** Orders clauses as the spec does: 2.10 after 2.9, 5 before 5.1. */
export declare function compareClauses(a: string, b: string): number;
