/**
 * Commands over custom fields and contact values (4.3, 4.2 PATCH, 7.1, 8): create is 201, the same
 * key and type again 200, another type or an archived key 409, the 16th active field 400; values
 * are checked per type (400 naming the key), null clears, archived fields' values are hidden and
 * cannot be written.
 */
import type fc from 'fast-check';
import type { ContactsModel, FieldType, FieldValue } from './model.js';
import { type Real } from './real.js';
type Command = fc.AsyncCommand<ContactsModel, Real>;
export declare const FIELD_CAP = 15;
export declare class CreateField implements Command {
    readonly field: string;
    readonly type: FieldType;
    constructor(field: string, type: FieldType);
    check(): boolean;
    run(model: ContactsModel, real: Real): Promise<void>;
    toString(): string;
}
export declare class ArchiveField implements Command {
    readonly field: string;
    constructor(field: string);
    check(model: Readonly<ContactsModel>): boolean;
    run(model: ContactsModel, real: Real): Promise<void>;
    toString(): string;
}
/** A value of the field's own type, or deliberately of another one. */
export declare function valueFor(type: FieldType, seed: number, wrong: boolean): FieldValue;
export declare class SetValue implements Command {
    readonly handle: string;
    readonly field: string;
    readonly seed: number;
    readonly mode: 'right' | 'wrong' | 'clear';
    constructor(handle: string, field: string, seed: number, mode: 'right' | 'wrong' | 'clear');
    check(model: Readonly<ContactsModel>): boolean;
    run(model: ContactsModel, real: Real): Promise<void>;
    toString(): string;
}
export {};
