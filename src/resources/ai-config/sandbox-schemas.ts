/** Sandbox inputs and outputs of the AI configuration (what the portal owns). No logic here. */
import { z } from 'zod';
import { BookingTiming, BusinessHour, Calendar, CALENDAR_PROVIDERS, RequiredFields, WEEKDAYS } from './schemas.js';

/** Seven entries, Monday first; an open day needs open before close, a closed day no times. */
export const BusinessHours = z
  .array(BusinessHour)
  .length(7)
  .superRefine((days, ctx) => {
    days.forEach((entry, index) => {
      if (entry.day !== WEEKDAYS[index]) ctx.addIssue({ code: 'custom', message: `entry ${index} must be ${WEEKDAYS[index]}`, path: [index, 'day'] });
      if (entry.closed && (entry.open !== null || entry.close !== null)) {
        ctx.addIssue({ code: 'custom', message: 'a closed day has open and close null', path: [index, 'open'] });
      }
      if (!entry.closed && (entry.open === null || entry.close === null || entry.open >= entry.close)) {
        ctx.addIssue({ code: 'custom', message: 'an open day needs open before close', path: [index, 'open'] });
      }
    });
  });

export const BookingStateInputBody = z
  .strictObject({
    business_hours: BusinessHours.optional().describe('Seven entries, Monday first (behavior.business_hours).'),
    timing: BookingTiming.partial().strict().optional(),
    calendar: z.strictObject({ provider: z.enum(CALENDAR_PROVIDERS).nullable() }).optional().describe('null disconnects (and turns Meet invites off).'),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'send business_hours, timing and/or calendar', path: ['business_hours'] });

export const BookingStateSchema = z.object({
  enabled: z.boolean(),
  google_meet_invites: z.boolean(),
  required_fields: RequiredFields,
  timing: BookingTiming.extend({ timezone: z.string() }),
  calendar: Calendar,
  business_hours: z.array(BusinessHour),
});

export const PublishFaultsBody = z
  .strictObject({
    instagram: z.string().min(1).max(300).nullable().optional(),
    facebook: z.string().min(1).max(300).nullable().optional(),
  })
  .refine((body) => body.instagram !== undefined || body.facebook !== undefined, { message: 'send instagram and/or facebook', path: ['instagram'] });

export const PublishFaultsSchema = z.object({ instagram: z.string().nullable(), facebook: z.string().nullable() });

export type BookingStateInput = z.infer<typeof BookingStateInputBody>;
export type BookingState = z.infer<typeof BookingStateSchema>;
export type PublishFaultsInput = z.infer<typeof PublishFaultsBody>;
export type PublishFaults = z.infer<typeof PublishFaultsSchema>;
