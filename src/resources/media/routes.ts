/** HTTP for the media library (4.13): list, multipart upload, PATCH, DELETE. */
import { created, listResult, ok } from '../../core/route.js';
import type { NormalizedRequest } from '../../core/types.js';
import type { CoreServices } from '../../groups/services.js';
import { routesFor, type Gate } from '../../groups/define.js';
import { IdParams } from '../shared/schemas.js';
import { UPLOAD_MAX_BODY_BYTES } from './limits.js';
import type { MediaModel } from './model.js';
import { DeletedMedia, MediaItem, PatchMediaBody, UploadMediaBody } from './schemas.js';

const tag = 'Media library';
const route = routesFor<MediaModel>();
/** Below the creator tier, checked before the id, the query or the body is looked at (8). */
const mediaLibrary: Gate<MediaModel> = ({ accountId }, { model }) => model.requireLibrary(accountId);

/** Where the caller reached us, for public URLs (the runtimes say; in-process calls use the setting). */
const originOf = (request: NormalizedRequest, core: CoreServices): string => request.origin ?? core.settings.publicOrigin;

export const mediaRoutes = [
  route({
    operationId: 'listMedia',
    method: 'GET',
    path: '/media',
    tag,
    summary: 'Media items, newest first, with public URLs; 403 feature_unavailable below the creator tier',
    section: '4.13',
    scope: 'read',
    scopeSource: 'assumption',
    list: { defaultLimit: 25 },
    success: { statuses: [200], schema: MediaItem, envelope: 'list' },
    errors: ['feature_unavailable'],
    gate: mediaLibrary,
    handler: ({ caller, page, request }, { model, core }) => {
      const found = model.list(caller.accountId, page);
      return listResult({ ...found, data: found.data.map((item) => model.present(item, originOf(request, core))) });
    },
  }),

  route({
    operationId: 'uploadMedia',
    method: 'POST',
    path: '/media',
    tag,
    summary: 'Upload a JPEG, PNG, MP4 or MOV (multipart/form-data); the type is judged from the bytes',
    description:
      'Images up to 8 MB, videos up to 25 MB (400 invalid_param naming `file` past them); 20 items (the 21st is 403 plan_limit_reached); below the creator tier 403 feature_unavailable. A file that is not one of the four types, is empty, or whose image header cannot be read is 400 naming `file`. The request body is read only after the key is checked, and never past 26 MB (413 naming `body`).',
    section: '4.13',
    scope: 'write',
    scopeSource: 'spec',
    bodyType: 'multipart',
    bodyRequired: true,
    maxBodyBytes: UPLOAD_MAX_BODY_BYTES,
    body: UploadMediaBody,
    success: { statuses: [201], schema: MediaItem, envelope: 'data' },
    errors: ['feature_unavailable', 'plan_limit_reached'],
    gate: mediaLibrary,
    handler: async ({ caller, body, request }, { model, core }) => {
      model.ensureRoom(caller.accountId);
      const judged = await model.judge(body.file);
      const item = model.add(caller.accountId, body, body.file.bytes, judged);
      return created(model.present(item, originOf(request, core)));
    },
  }),

  route({
    operationId: 'updateMedia',
    method: 'PATCH',
    path: '/media/{id}',
    tag,
    summary: 'Change a media item’s name, description or category',
    section: '4.13',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    body: PatchMediaBody,
    success: { statuses: [200], schema: MediaItem, envelope: 'data' },
    errors: ['feature_unavailable'],
    gate: mediaLibrary,
    handler: ({ caller, params, body, request }, { model, core }) => ok(model.present(model.update(caller.accountId, params.id, body), originOf(request, core))),
  }),

  route({
    operationId: 'deleteMedia',
    method: 'DELETE',
    path: '/media/{id}',
    tag,
    summary: 'Delete a media item; its public URL stops serving',
    section: '4.13',
    scope: 'write',
    scopeSource: 'spec',
    params: IdParams,
    success: { statuses: [200], schema: DeletedMedia, envelope: 'data' },
    errors: ['feature_unavailable'],
    gate: mediaLibrary,
    handler: ({ caller, params }, { model }) => ok({ id: model.remove(caller.accountId, params.id).id, object: 'media', deleted: true }),
  }),
];
