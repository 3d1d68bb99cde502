/** The media library: uploads judged by their bytes, with public URLs the sandbox serves itself. */
import { defineGroup } from '../../groups/define.js';
import { accountGroup } from '../account/index.js';
import { mediaFileRoutes } from './files.js';
import { createMediaModel } from './model.js';
import { mediaMutants } from './mutants.js';
import { mediaPull } from './pull.js';
import { mediaRoutes } from './routes.js';
import { mediaSeed } from './seed.js';

export const mediaGroup = defineGroup({
  name: 'media',
  description:
    'Media library (2.20, 4.13): multipart uploads of JPEG, PNG, MP4 and MOV judged by their bytes, 20 items from the creator tier, public URLs under /_media.',
  needs: [accountGroup],
  model: ({ core, needs }) => createMediaModel(core, needs),
  routes: mediaRoutes,
  publicRoutes: mediaFileRoutes,
  seed: mediaSeed,
  pull: mediaPull,
  mutants: mediaMutants,
});
