/** Media library rules the conformance kit must catch when broken (its teeth test). */
import type { GroupMutant } from '../../groups/define.js';
import { isMediaMime, MEDIA_TYPES } from './inspect.js';
import type { MediaModel, MediaNeeds } from './model.js';

export const mediaMutants: Readonly<Record<string, GroupMutant<MediaModel, MediaNeeds>>> = {
  media_type_from_declared: {
    description: 'POST /media trusts the declared content type instead of judging the file by its bytes.',
    install: ({ model }) => {
      const judge = model.judge;
      model.judge = async (file) => {
        if (!isMediaMime(file.declaredType)) return judge(file);
        const type = MEDIA_TYPES[file.declaredType];
        return { mime: file.declaredType, kind: type.kind, extension: type.extension, width: null, height: null };
      };
      return () => {
        model.judge = judge;
      };
    },
  },
};
