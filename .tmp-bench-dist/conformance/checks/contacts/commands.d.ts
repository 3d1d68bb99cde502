/**
 * Commands over contacts and tags for `fc.commands` + `fc.asyncModelRun`. Each sends one request,
 * compares the answer with the kit's model (model.ts), then moves the model on. `toString` is what
 * a counterexample prints, so it names the request.
 */
import type fc from 'fast-check';
import { type ContactsModel } from './model.js';
import { type Real } from './real.js';
type Command = fc.AsyncCommand<ContactsModel, Real>;
export declare class UpsertContact implements Command {
    readonly handle: string;
    readonly tags: readonly string[];
    readonly stage: string | undefined;
    constructor(handle: string, tags: readonly string[], stage: string | undefined);
    check(): boolean;
    run(model: ContactsModel, real: Real): Promise<void>;
    toString(): string;
}
export declare class PatchContact implements Command {
    readonly handle: string;
    readonly stage: string | undefined;
    readonly rename: boolean;
    constructor(handle: string, stage: string | undefined, rename: boolean);
    check(model: Readonly<ContactsModel>): boolean;
    run(model: ContactsModel, real: Real): Promise<void>;
    toString(): string;
}
export declare class AttachTag implements Command {
    readonly handle: string;
    readonly tag: string;
    constructor(handle: string, tag: string);
    check(model: Readonly<ContactsModel>): boolean;
    run(model: ContactsModel, real: Real): Promise<void>;
    toString(): string;
}
export declare class DetachTag implements Command {
    readonly handle: string;
    readonly tag: string;
    constructor(handle: string, tag: string);
    check(model: Readonly<ContactsModel>): boolean;
    run(model: ContactsModel, real: Real): Promise<void>;
    toString(): string;
}
export declare class GetContact implements Command {
    readonly handle: string;
    constructor(handle: string);
    check(model: Readonly<ContactsModel>): boolean;
    run(model: ContactsModel, real: Real): Promise<void>;
    toString(): string;
}
export declare class DeleteContact implements Command {
    readonly handle: string;
    constructor(handle: string);
    check(model: Readonly<ContactsModel>): boolean;
    run(model: ContactsModel, real: Real): Promise<void>;
    toString(): string;
}
export declare class CreateTag implements Command {
    readonly tag: string;
    readonly color: string;
    constructor(tag: string, color: string);
    check(): boolean;
    run(model: ContactsModel, real: Real): Promise<void>;
    toString(): string;
}
export declare class DeleteTag implements Command {
    readonly tag: string;
    constructor(tag: string);
    check(model: Readonly<ContactsModel>): boolean;
    run(model: ContactsModel, real: Real): Promise<void>;
    toString(): string;
}
export declare class ListByTag implements Command {
    readonly tag: string;
    constructor(tag: string);
    check(model: Readonly<ContactsModel>): boolean;
    run(model: ContactsModel, real: Real): Promise<void>;
    toString(): string;
}
export {};
