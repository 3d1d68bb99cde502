/**
 * Which plans have the media library: "plans below the creator tier get 403 feature_unavailable"
 * (4.13), so every plan but free. The 20-item cap is the same on every plan that has it (8).
 */
import type { Plan } from '../../core/types.js';

export const MEDIA_LIBRARY_BY_PLAN: Readonly<Record<Plan, boolean>> = {
  free: false,
  creator: true,
  pro: true,
  business: true,
};
