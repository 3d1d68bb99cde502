/**
 * The media library (2.20, 4.13): files the AI may send, with public URLs the sandbox serves
 * itself (`/_media/<token>.<ext>`, no key). Plans below creator have no library (403
 * feature_unavailable); 20 items per account (the 21st is 403 plan_limit_reached). An upload is
 * judged by its bytes (./inspect.ts); the bytes are kept as base64 on the record, so snapshots
 * and `serve --state` carry them.
 *
 * Judging is asynchronous (the type library reads a tokenizer), so an upload route judges first
 * and then calls `add`, which runs in a transaction of its own and checks the cap again.
 */
import { ApiError, notFound } from '../../core/errors.js';
import { sha256Hex } from '../../core/hash.js';
import { pageNewestFirst, type Page, type PageRequest } from '../../core/pagination.js';
import { PUBLIC_PREFIX } from '../../core/paths.js';
import type { UploadedFile } from '../../core/types.js';
import type { CoreServices } from '../../groups/services.js';
import type { Entity } from '../../store/collection.js';
import type { AccountModel } from '../account/model.js';
import { base64ToBytes, bytesToBase64 } from './bytes.js';
import { judgeBytes, type Judged, type MediaKind, type MediaMime } from './inspect.js';
import { MEDIA_ITEMS_MAX } from './limits.js';
import { MEDIA_LIBRARY_BY_PLAN } from './plans.js';
import { MediaRecordSchema } from './record.js';
import { UPDATABLE_MEDIA_FIELDS, type MediaCategory, type MediaItemData, type PatchMedia } from './schemas.js';
import { refuseEmptyPatch } from '../../core/empty-patch.js';

export interface MediaRecord extends Entity {
  readonly name: string;
  readonly description: string | null;
  readonly category: MediaCategory;
  readonly mime_type: MediaMime;
  readonly kind: MediaKind;
  readonly size_bytes: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly usage_count: number;
  readonly created_at: string;
  /** `<token>.<ext>`: the public file name. */
  readonly file_name: string;
  /** The bytes, base64. */
  readonly data: string;
}

export interface NewMedia {
  readonly name: string;
  readonly description?: string | null | undefined;
  readonly category?: MediaCategory | undefined;
  readonly usage_count?: number | undefined;
  /** A seed's creation time (a pulled item keeps its own); default now. */
  readonly created_at?: string | undefined;
}

export interface MediaNeeds {
  readonly account: AccountModel;
}

export function createMediaModel(core: CoreServices, needs: MediaNeeds) {
  const { store, clock } = core;
  const items = store.define<MediaRecord>(
    'media_items',
    { file: { unique: true, key: (item) => item.file_name } },
    { schema: MediaRecordSchema, sequence: 'media_item' },
  );

  function get(accountId: number, id: number): MediaRecord {
    const item = items.getOwned(accountId, id);
    if (!item) throw notFound('Media item');
    return item;
  }

  const model = {
    /** 403 feature_unavailable below the creator tier (every /media route). */
    requireLibrary(accountId: number): void {
      if (!MEDIA_LIBRARY_BY_PLAN[needs.account.getAccount(accountId).plan]) {
        throw new ApiError('feature_unavailable', 'The media library needs a plan of the creator tier or above.', { param: 'media_library' });
      }
    },

    /** 403 plan_limit_reached at 20 items. */
    ensureRoom(accountId: number): void {
      if (items.countOfAccount(accountId) >= MEDIA_ITEMS_MAX) {
        throw new ApiError('plan_limit_reached', `The media library holds at most ${MEDIA_ITEMS_MAX} items; delete one first.`);
      }
    },

    /** The type, kind and dimensions the bytes say (mutants swap it). */
    judge: (file: UploadedFile): Promise<Judged> => judgeBytes(file.bytes),

    present(item: MediaRecord, origin: string): MediaItemData {
      return {
        id: item.id,
        name: item.name,
        description: item.description,
        category: item.category,
        url: `${origin}${PUBLIC_PREFIX}/${item.file_name}`,
        mime_type: item.mime_type,
        kind: item.kind,
        size_bytes: item.size_bytes,
        width: item.width,
        height: item.height,
        usage_count: item.usage_count,
        created_at: item.created_at,
      };
    },

    get,

    list: (accountId: number, page: PageRequest): Page<MediaRecord> => pageNewestFirst(items.idsOfAccount(accountId), (id) => items.get(id), page),

    /** Stores an upload already judged; its own transaction (the judging happened outside one). */
    add(accountId: number, input: NewMedia, bytes: Uint8Array, judged: Judged): MediaRecord {
      return store.transaction(() => {
        model.requireLibrary(accountId);
        model.ensureRoom(accountId);
        const id = store.nextId('media_item');
        const created_at = input.created_at ?? clock.iso();
        // Deterministic, so two simulators given the same requests serve the same URLs.
        const token = sha256Hex(`media:${accountId}:${id}:${created_at}:${bytes.length}`).slice(0, 32);
        return items.insert({
          id,
          account_id: accountId,
          name: input.name,
          description: input.description === undefined || input.description === '' ? null : input.description,
          category: input.category ?? 'general',
          mime_type: judged.mime,
          kind: judged.kind,
          size_bytes: bytes.length,
          width: judged.width,
          height: judged.height,
          usage_count: input.usage_count ?? 0,
          created_at,
          file_name: `${token}.${judged.extension}`,
          data: bytesToBase64(bytes),
        });
      });
    },

    update(accountId: number, id: number, patch: PatchMedia): MediaRecord {
      const item = get(accountId, id);
      refuseEmptyPatch(patch, UPDATABLE_MEDIA_FIELDS);
      return items.update(item.id, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description === '' ? null : patch.description } : {}),
        ...(patch.category !== undefined ? { category: patch.category } : {}),
      });
    },

    remove(accountId: number, id: number): MediaRecord {
      const item = get(accountId, id);
      items.remove(item.id);
      return item;
    },

    /** The public file (no account: the URL is the capability); undefined once deleted. */
    file(fileName: string): { bytes: Uint8Array; mime: MediaMime } | undefined {
      const item = items.findUnique('file', fileName);
      return item ? { bytes: base64ToBytes(item.data), mime: item.mime_type } : undefined;
    },
  };
  return model;
}

export type MediaModel = ReturnType<typeof createMediaModel>;
